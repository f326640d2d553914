/**
 * The leads pipeline through its endpoints: stages, owners and notes with their timeline and
 * audit entries, the list's search, filters, sorts and pages, the CSV export's pipeline columns,
 * the handled flag of before, and refusals that change nothing.
 */
import { env } from "../../src/server/platform/env";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listLeads } from "../../src/server/contact/lead-list";
import type { Db } from "../../src/server/platform/db/db";
import {
  addLeadNoteApi,
  assignLeadApi,
  inquiriesApi,
  inquiriesExportApi,
  leadOwnersApi,
  leadTimelineApi,
  updateInquiryApi,
  updateLeadStageApi,
  type Lead,
  type LeadEvent,
} from "../../src/shared/contact/leads-api";
import { apiHarness, type ApiHarness } from "../helpers/api";
import { count, insertInquiry } from "../helpers/dashboard-fixtures";
import type { Caller } from "../helpers/staff-matrix";

let api: ApiHarness;
let db: Db;
beforeAll(async () => {
  api = await apiHarness();
  db = api.db.db;
});
afterAll(() => api.close());

type Listing = {
  inquiries: Lead[];
  total: number;
  totalExact: boolean;
  hasMore: boolean;
  page: number;
};
const list = async (q: string, as: Caller = "admin") => {
  const res = await api.call(inquiriesApi, { as, query: q });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Listing;
};
const events = async (id: number, as: Caller = "admin") => {
  const res = await api.call(leadTimelineApi, { as, params: { id } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { events: LeadEvent[] }).events;
};
const audits = (id: number) =>
  db.query<{ action: string; actor_email: string; address: string | null; changes: unknown }>(
    "SELECT action, actor_email, address, changes FROM audit_log WHERE entity = 'lead' AND entity_id = $1 ORDER BY id",
    [String(id)],
  );
const stage = (id: number, body: Record<string, unknown>, as: Caller = "admin") =>
  api.call(updateLeadStageApi, { as, body: { id, ...body } });

describe("stages", () => {
  it("moves a lead through the stages; the timeline and the audit trail say who and when", async () => {
    const id = await insertInquiry(db);
    const res = await stage(id, { stage: "Qualified", expected: "New" });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as { inquiry: Lead; message: string; changed: boolean };
    expect(body.message).toBe("Lead moved to Qualified");
    expect(body.inquiry).toMatchObject({
      stage: "Qualified",
      handled: true,
      handledBy: api.staff.users.admin.email,
    });
    expect((await stage(id, { stage: "Won" })).status).toBe(200);
    const timeline = await events(id, "sales");
    expect(timeline.map((e) => [e.kind, e.from, e.to, e.by])).toEqual([
      ["stage", "Qualified", "Won", api.staff.users.admin.email],
      ["stage", "New", "Qualified", api.staff.users.admin.email],
    ]);
    const trail = await audits(id);
    expect(trail.map((a) => a.action)).toEqual(["lead.stage", "lead.stage"]);
    expect(trail[0]).toMatchObject({
      actor_email: api.staff.users.admin.email,
      changes: { stage: { from: "New", to: "Qualified" } },
    });
    expect(trail[0]!.address).toBeTruthy();
  });

  it("refuses a change based on a stale stage with 409, and records nothing", async () => {
    const id = await insertInquiry(db);
    expect((await stage(id, { stage: "Contacted" })).status).toBe(200);
    const res = await stage(id, { stage: "Lost", expected: "New" });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: string }).error).toMatch(/moved this lead to Contacted/);
    expect(await count(db, "inquiries", "id = $1 AND stage = 'Contacted'", [id])).toBe(1);
    expect(await count(db, "inquiry_events", "inquiry_id = $1", [id])).toBe(1);
    expect((await audits(id)).length).toBe(1);
  });

  it("records nothing when the lead is already in that stage", async () => {
    const id = await insertInquiry(db);
    const res = await stage(id, { stage: "New" });
    expect(((await res.json()) as { changed: boolean }).changed).toBe(false);
    expect(await count(db, "inquiry_events", "inquiry_id = $1", [id])).toBe(0);
    expect((await audits(id)).length).toBe(0);
  });

  it.each([
    ["an unknown stage", { stage: "Maybe later" }, 400],
    ["a stage in lower case", { stage: "won" }, 400],
    ["no stage", {}, 400],
    ["a bad expected stage", { stage: "Won", expected: "Someday" }, 400],
  ])("refuses %s and changes nothing", async (_n, body, status) => {
    const id = await insertInquiry(db);
    const res = await stage(id, body);
    expect(res.status).toBe(status);
    expect(((await res.json()) as { error: string }).error).toMatch(/^(Stage|expected) must be one of/);
    expect(await count(db, "inquiries", "id = $1 AND stage = 'New'", [id])).toBe(1);
    expect(await count(db, "audit_log", "entity_id = $1", [String(id)])).toBe(0);
  });

  it("answers 404 for a lead that does not exist, and a reader gets 403", async () => {
    expect((await stage(999_999, { stage: "Won" })).status).toBe(404);
    const id = await insertInquiry(db);
    expect((await stage(id, { stage: "Won" }, "reader")).status).toBe(403);
    expect(await count(db, "inquiries", "id = $1 AND stage = 'New'", [id])).toBe(1);
  });
});

describe("the handled flag of before", () => {
  it("handled moves a New lead to Contacted, leaves a later stage alone, and not handled goes back to New", async () => {
    const id = await insertInquiry(db);
    const mark = async (handled: boolean) => {
      const res = await api.call(updateInquiryApi, { as: "admin", body: { id, handled } });
      expect(res.status).toBe(200);
      return ((await res.json()) as { inquiry: { stage: string; handled: boolean } }).inquiry;
    };
    expect(await mark(true)).toMatchObject({ stage: "Contacted", handled: true });
    await stage(id, { stage: "Proposal sent" });
    expect(await mark(true)).toMatchObject({ stage: "Proposal sent", handled: true });
    expect(await mark(false)).toMatchObject({ stage: "New", handled: false });
    expect((await events(id)).map((e) => e.to)).toEqual(["New", "Proposal sent", "Contacted"]);
  });
});

describe("owners", () => {
  it("assigns, reassigns and unassigns a lead; the timeline names the owners", async () => {
    const id = await insertInquiry(db);
    const assign = async (owner: unknown, expected?: unknown) => {
      const res = await api.call(assignLeadApi, {
        as: "admin",
        body: { id, owner, ...(expected !== undefined ? { expected } : {}) },
      });
      return res;
    };
    let res = await assign(api.staff.users.admin.id, "none");
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as { inquiry: Lead }).inquiry.owner).toEqual({
      id: api.staff.users.admin.id,
      email: api.staff.users.admin.email,
    });
    res = await assign(api.staff.users.root_admin.id, api.staff.users.admin.id);
    expect(res.status).toBe(200);
    // Someone else reassigned it meanwhile: refused.
    res = await assign("none", api.staff.users.admin.id);
    expect(res.status).toBe(409);
    res = await assign("none");
    expect(((await res.json()) as { inquiry: Lead }).inquiry.owner).toBeNull();
    expect((await events(id)).map((e) => [e.from, e.to])).toEqual([
      [api.staff.users.root_admin.email, null],
      [api.staff.users.admin.email, api.staff.users.root_admin.email],
      [null, api.staff.users.admin.email],
    ]);
    expect((await audits(id)).map((a) => a.action)).toEqual(["lead.owner", "lead.owner", "lead.owner"]);
  });

  it("refuses a member who does not work on leads or an unknown account as owner, and lists only those who can", async () => {
    const id = await insertInquiry(db);
    const { reader, recruiter, editor } = api.staff.users;
    for (const owner of [reader.id, recruiter.id, editor.id, 999_999, "someone", -3]) {
      const res = await api.call(assignLeadApi, { as: "admin", body: { id, owner } });
      expect(res.status).toBe(400);
    }
    expect(await count(db, "inquiries", "id = $1 AND owner_id IS NULL", [id])).toBe(1);
    const res = await api.call(leadOwnersApi, { as: "sales" });
    const { owners } = (await res.json()) as { owners: { id: number; email: string }[] };
    const ids = owners.map((o) => o.id);
    for (const owner of ["admin", "root_admin", "sales"] as const)
      expect(ids).toContain(api.staff.users[owner].id);
    for (const other of [reader, recruiter, editor]) expect(ids).not.toContain(other.id);
  });
});

describe("notes", () => {
  it("adds notes to the timeline; the list and the CSV carry the last one", async () => {
    const id = await insertInquiry(db, { fullName: "Noted Lead", createdAt: "2031-06-01T10:00:00Z" });
    for (const body of ["First call went well.", "=Sent the proposal\r\non Monday."]) {
      const res = await api.call(addLeadNoteApi, { as: "admin", body: { id, body } });
      expect(res.status, await res.clone().text()).toBe(201);
    }
    await stage(id, { stage: "Proposal sent" });
    await api.call(assignLeadApi, { as: "admin", body: { id, owner: api.staff.users.admin.id } });
    const timeline = await events(id);
    expect(timeline.map((e) => e.kind)).toEqual(["owner", "stage", "note", "note"]);
    expect(timeline[2]!.body).toBe("=Sent the proposal\non Monday.");
    const [lead] = (await list("from=2031-06-01&to=2031-06-01", "sales")).inquiries;
    expect(lead!.lastNote).toMatchObject({
      body: "=Sent the proposal\non Monday.",
      by: api.staff.users.admin.email,
    });

    const csv = await api.call(inquiriesExportApi, {
      as: "sales",
      query: { from: "2031-06-01", to: "2031-06-01" },
    });
    const [header, row] = Papa.parse<string[]>((await csv.text()).replace(/^\ufeff/, "").trim()).data;
    const col = (name: string) => row![header!.indexOf(name)];
    expect(col("Stage")).toBe("Proposal sent");
    expect(col("Owner")).toBe(api.staff.users.admin.email);
    expect(col("Last note")).toBe("'=Sent the proposal\non Monday."); // neutralised like any formula
    expect(col("Last note by")).toBe(api.staff.users.admin.email);
    expect(col("Handled")).toBe("Yes");
  });

  it.each([
    ["a blank note", "   \n "],
    ["a note over 5000 characters", "x".repeat(5001)],
  ])("refuses %s with 400 and stores nothing", async (_n, body) => {
    const id = await insertInquiry(db);
    const res = await api.call(addLeadNoteApi, { as: "admin", body: { id, body } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/Note/);
    expect(await count(db, "inquiry_events", "inquiry_id = $1", [id])).toBe(0);
    expect(await count(db, "audit_log", "entity_id = $1", [String(id)])).toBe(0);
  });

  it("answers 404 for the timeline or a note of a lead that does not exist", async () => {
    expect((await api.call(leadTimelineApi, { as: "admin", params: { id: 999999 } })).status).toBe(404);
    const res = await api.call(addLeadNoteApi, { as: "admin", body: { id: 999999, body: "Hi" } });
    expect(res.status).toBe(404);
  });
});

describe("search, filters, sorts and pages", () => {
  const day = "2032-02-02";
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    const at = (h: number) => `${day}T${String(h).padStart(2, "0")}:00:00Z`;
    ids.dana = await insertInquiry(db, {
      fullName: "Dana Whitfield",
      orgName: "Northwind Traders",
      details: "Move our warehouse to Kubernetes",
      createdAt: at(1),
    });
    ids.raj = await insertInquiry(db, {
      fullName: "Raj Iyer",
      orgName: "Acme Foods",
      details: "24/7 support for the shop",
      createdAt: at(2),
    });
    ids.ana = await insertInquiry(db, {
      fullName: "Ana Zapata",
      orgName: "Blue Yonder",
      details: "Data warehousing",
      createdAt: at(3),
    });
    await db.query("UPDATE inquiries SET email = 'dana.w@northwind.example' WHERE id = $1", [ids.dana]);
    await stage(ids.raj!, { stage: "Won" });
    await api.call(assignLeadApi, { as: "admin", body: { id: ids.ana, owner: api.staff.users.admin.id } });
  });
  const names = async (q: string) =>
    (await list(`from=${day}&to=${day}&${q}`)).inquiries.map((i) => i.fullName);

  it.each([
    ["a name", "q=dana", ["Dana Whitfield"]],
    ["a name's start, in any case", "q=WHIT", ["Dana Whitfield"]],
    ["a company", "q=acme", ["Raj Iyer"]],
    ["a whole e-mail address", "q=dana.w%40northwind.example", ["Dana Whitfield"]],
    ["an e-mail's domain", "q=northwind.example", ["Dana Whitfield"]],
    ["words of the text", "q=warehous", ["Ana Zapata", "Dana Whitfield"]],
    ["two words, both needed", "q=warehouse%20kubernetes", ["Dana Whitfield"]],
    ["nothing that matches", "q=zebra", []],
    ["punctuation only (no search)", "q=%27%22%3B--", ["Ana Zapata", "Raj Iyer", "Dana Whitfield"]],
  ])("finds by %s", async (_n, q, want) => {
    expect(await names(q)).toEqual(want);
  });

  it("filters by stage, owner (someone or nobody) and handled, alone and together", async () => {
    expect(await names("stage=Won")).toEqual(["Raj Iyer"]);
    expect(await names("stage=New")).toEqual(["Ana Zapata", "Dana Whitfield"]);
    expect(await names(`owner=${api.staff.users.admin.id}`)).toEqual(["Ana Zapata"]);
    expect(await names("owner=none")).toEqual(["Raj Iyer", "Dana Whitfield"]);
    expect(await names("owner=none&stage=New&q=dana")).toEqual(["Dana Whitfield"]);
    expect(await names("handled=true")).toEqual(["Raj Iyer"]);
  });

  it("sorts by date either way, by name and by company", async () => {
    expect(await names("sort=oldest")).toEqual(["Dana Whitfield", "Raj Iyer", "Ana Zapata"]);
    expect(await names("sort=name")).toEqual(["Ana Zapata", "Dana Whitfield", "Raj Iyer"]);
    expect(await names("sort=company")).toEqual(["Raj Iyer", "Ana Zapata", "Dana Whitfield"]);
  });

  it("pages through 60 matches 25 at a time, each once", async () => {
    for (let i = 0; i < 60; i++)
      await insertInquiry(db, {
        fullName: `Paged ${String(i).padStart(2, "0")}`,
        createdAt: "2033-03-03T12:00:00Z",
      });
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const body = await list(`q=paged&sort=name&page=${page}`);
      expect(body.total).toBe(60);
      expect(body.hasMore).toBe(page < 3);
      seen.push(...body.inquiries.map((i) => i.fullName));
    }
    expect(seen).toEqual(Array.from({ length: 60 }, (_, i) => `Paged ${String(i).padStart(2, "0")}`));
  });

  it("counts the matches up to a distance past the page, then says there are more", async () => {
    for (let i = 0; i < 40; i++) await insertInquiry(db, { fullName: `Counted ${i}` });
    const whole = await list("q=counted");
    expect(whole).toMatchObject({ total: 40, totalExact: true, hasMore: true });
    const first = await listLeads(
      { db: db, env: env(), now: () => new Date() },
      { page: 1, q: "counted", handled: undefined },
      10,
    );
    expect(first).toMatchObject({ total: 35, totalExact: false, hasMore: true });
    expect(first.inquiries).toHaveLength(25);
    const second = await listLeads(
      { db: db, env: env(), now: () => new Date() },
      { page: 2, q: "counted", handled: undefined },
      10,
    );
    expect(second).toMatchObject({ total: 40, totalExact: true, hasMore: false });
    expect(second.inquiries).toHaveLength(15);
  });

  it.each([
    ["stage=Bogus", /stage must be one of/],
    ["owner=someone", /owner must be/],
    ["sort=price", /sort must be one of/],
    [`q=${"a".repeat(201)}`, /q must be at most 200/],
    ["q=a%00b", /control character/],
  ])("refuses ?%s with 400", async (q, message) => {
    const res = await api.call(inquiriesApi, { as: "admin", query: q });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(message);
    const csv = await api.call(inquiriesExportApi, { as: "admin", query: q });
    expect(csv.status).toBe(400);
  });
});
