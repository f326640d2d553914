import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/server/http/app";
import type { Db } from "../../src/server/platform/db/db";
import {
  inquiriesApi,
  inquiriesExportApi,
  inquiryFileApi,
  mergeLeadsApi,
  updateInquiryApi,
} from "../../src/shared/contact/leads-api";
import { apiHarness, type ApiHarness } from "../helpers/api";
import { count, insertInquiry, storeResume } from "../helpers/dashboard-fixtures";
import type { Caller } from "../helpers/staff-matrix";

let api: ApiHarness;
let db: Db;
const ids: Record<string, number> = {};
beforeAll(async () => {
  api = await apiHarness();
  db = api.db.db;
  ids.march = await insertInquiry(db, { fullName: "March Lead", createdAt: "2026-03-10T12:00:00Z" });
  ids.aprilStart = await insertInquiry(db, {
    fullName: "April First",
    createdAt: "2026-04-01T00:00:00Z",
    handled: true,
  });
  ids.aprilEnd = await insertInquiry(db, { fullName: "April Last", createdAt: "2026-04-30T23:59:59Z" });
  ids.may = await insertInquiry(db, { fullName: "May Lead", createdAt: "2026-05-02T08:00:00Z" });
});
afterAll(() => api.close());

type Listing = {
  inquiries: { id: number; fullName: string; handled: boolean; createdAt: string }[];
  total: number;
};
const list = async (query: string, as: Caller = "admin") => {
  const res = await api.call(inquiriesApi, { as, query });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Listing;
};

describe("GET /api/inquiries", () => {
  it("lists every field, newest first", async () => {
    const body = await list("", "sales");
    expect(body.inquiries.map((i) => i.id)).toEqual([ids.may, ids.aprilEnd, ids.aprilStart, ids.march]);
    for (const key of [
      "fullName",
      "email",
      "orgName",
      "jobTitle",
      "industry",
      "companySize",
      "mobile",
      "budget",
      "projectType",
      "deadline",
      "projectDetails",
      "file",
      "handled",
      "createdAt",
    ])
      expect(body.inquiries[0]).toHaveProperty(key);
    expect(body.inquiries[0]).not.toHaveProperty("file_key");
  });

  it("shows staff the news-mail permission with the notice's version and time, and its absence", async () => {
    await db.query(
      `UPDATE inquiries SET marketing_consent = true, marketing_consent_version = '1.0',
         marketing_consent_at = '2026-05-02T08:00:00Z' WHERE id = $1`,
      [ids.may],
    );
    const body = await list("", "sales");
    expect(body.inquiries.find((i) => i.id === ids.may)).toMatchObject({
      marketingConsentVersion: "1.0",
      marketingConsentAt: "2026-05-02T08:00:00.000Z",
    });
    expect(body.inquiries.find((i) => i.id === ids.march)).toMatchObject({
      marketingConsentVersion: null,
      marketingConsentAt: null,
    });
  });

  it("filters by handled and by a date range that includes whole days", async () => {
    expect((await list("handled=true")).inquiries.map((i) => i.id)).toEqual([ids.aprilStart]);
    expect((await list("handled=false")).total).toBe(3);
    expect((await list("handled=all")).total).toBe(4);
    expect((await list("from=2026-04-01&to=2026-04-30")).inquiries.map((i) => i.id)).toEqual([
      ids.aprilEnd,
      ids.aprilStart,
    ]);
    expect((await list("from=2026-04-02")).inquiries.map((i) => i.id)).toEqual([ids.may, ids.aprilEnd]);
    expect((await list("to=2026-03-31")).inquiries.map((i) => i.id)).toEqual([ids.march]);
    expect((await list("handled=false&from=2026-04-01&to=2026-04-30")).inquiries.map((i) => i.id)).toEqual([
      ids.aprilEnd,
    ]);
  });

  it.each([
    ["handled=maybe", /handled must be/],
    ["from=2026-13-01", /from is not a real date/],
    ["to=2026-02-30", /to is not a real date/],
    ["from=04/01/2026", /from must be a date/],
    ["from=2026-05-01&to=2026-04-01", /from must be on or before to/],
    ["page=0", /page/],
  ])("refuses ?%s with 400", async (q, message) => {
    const res = await api.call(inquiriesApi, { as: "admin", query: q });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(message);
  });
});

describe("POST /api/update-inquiry", () => {
  it("marks a lead handled (who and when) and back", async () => {
    const id = await insertInquiry(db);
    const res = await api.call(updateInquiryApi, { as: "admin", body: { id, handled: true } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      inquiry: { handled: boolean; handledBy: string; handledAt: string };
    };
    expect(body.inquiry).toMatchObject({ handled: true, handledBy: api.staff.users.admin.email });
    const [row] = await db.query("SELECT handled, handled_by FROM inquiries WHERE id = $1", [id]);
    expect(row).toEqual({ handled: true, handled_by: api.staff.users.admin.id });
    await api.call(updateInquiryApi, { as: "admin", body: { id, handled: false } });
    const [back] = await db.query("SELECT handled, handled_by, handled_at FROM inquiries WHERE id = $1", [
      id,
    ]);
    expect(back).toEqual({ handled: false, handled_by: null, handled_at: null });
  });

  it.each([
    ["handled missing", { handled: undefined }],
    ["handled text", { handled: "yes" }],
    ["handled number", { handled: 1 }],
    ["id missing", { id: undefined }],
    ["id not a number", { id: "first" }],
  ])("refuses %s with 400 and changes nothing", async (_n, over) => {
    const id = await insertInquiry(db);
    const res = await api.call(updateInquiryApi, { as: "admin", body: { id, handled: true, ...over } });
    expect(res.status).toBe(400);
    expect(await count(db, "inquiries", "id = $1 AND NOT handled", [id])).toBe(1);
  });

  it("answers 404 for an unknown lead", async () => {
    expect(
      (await api.call(updateInquiryApi, { as: "admin", body: { id: 999999, handled: true } })).status,
    ).toBe(404);
  });
});

describe("GET /api/inquiries/export", () => {
  it("downloads the filtered list as CSV with every cell that could run as a formula neutralised", async () => {
    const nasty = [
      '=HYPERLINK("http://x")',
      "+1+1",
      "-2+3",
      "@SUM(A1)",
      "\tTabbed",
      "\rReturn",
      // Full-width forms, which spreadsheets read as their ASCII twins.
      '＝HYPERLINK("http://x")',
      "＋1+1",
      "－2+3",
      "＠SUM(A1)",
    ];
    const created = "2027-01-15T10:00:00Z";
    for (const [i, v] of nasty.entries())
      await insertInquiry(db, { fullName: v, orgName: `Org ${i}`, details: v, createdAt: created });
    const res = await api.call(inquiriesExportApi, {
      as: "sales",
      query: { from: "2027-01-15", to: "2027-01-15" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = (await res.text()).replace(/^\ufeff/, "");
    const parsed = Papa.parse<string[]>(text.trim(), { skipEmptyLines: true });
    const [header, ...rows] = parsed.data;
    expect(header).toContain("Full Name");
    expect(rows).toHaveLength(nasty.length);
    const nameCol = header!.indexOf("Full Name");
    const detailsCol = header!.indexOf("Project details");
    for (const r of rows) {
      expect(r[nameCol]!.startsWith("'")).toBe(true);
      expect(r[detailsCol]!.startsWith("'")).toBe(true);
      // No cell at all starts with a formula character (a phone number in E.164 is a number).
      for (const cell of r) expect(cell).not.toMatch(/^(?!\+\d+$)[=+\-@\t\r＝＋－＠]/);
    }
    expect(rows.map((r) => r[nameCol]).sort()).toEqual(nasty.map((v) => `'${v}`).sort());
  });

  it("lists merged leads, marked, with their own message and file; phones and pages in one form", async () => {
    const day = "2027-02-03";
    const at = `${day}T09:00:00Z`;
    const kept = await insertInquiry(db, { fullName: "Kept Lead", details: "First brief", createdAt: at });
    const gone = await insertInquiry(db, {
      fullName: "Merged Lead",
      details: "Second brief, sent again",
      createdAt: at,
      fileKey: "inquiries/merged-brief.pdf",
    });
    await db.query("UPDATE inquiries SET source_page = $2 WHERE id = $1", [
      kept,
      "http://localhost:4321/managed-cloud-services",
    ]);
    await db.query("UPDATE inquiries SET source_page = $2 WHERE id = $1", [gone, "/l1-support"]);
    const merged = await api.call(mergeLeadsApi, { as: "sales", body: { from: gone, into: kept } });
    expect(merged.status, await merged.clone().text()).toBe(200);
    // The list shows the kept lead only.
    expect((await list(`from=${day}&to=${day}`)).inquiries.map((i) => i.id)).toEqual([kept]);

    const res = await api.call(inquiriesExportApi, { as: "sales", query: { from: day, to: day } });
    expect(res.status).toBe(200);
    const [header, ...rows] = Papa.parse<string[]>((await res.text()).replace(/^\ufeff/, "").trim()).data;
    const col = (name: string) => {
      expect(header).toContain(name);
      return header!.indexOf(name);
    };
    const byId = new Map(rows.map((r) => [r[col("Lead")], r]));
    expect([...byId.keys()].sort()).toEqual([`#${gone}`, `#${kept}`].sort());
    const g = byId.get(`#${gone}`)!;
    const k = byId.get(`#${kept}`)!;
    expect(g[col("Merged")]).toBe(`merged into #${kept}`);
    expect(k[col("Merged")]).toBe("");
    expect(g[col("Project details")]).toBe("Second brief, sent again");
    expect(g[col("Attachment")]).toBe("brief.pdf");
    // The phone as stored (E.164), not turned into text with an apostrophe.
    expect(k[col("Mobile Number")]).toBe("+14155550100");
    // The page in one form: the path on this site.
    expect(k[col("Sent from")]).toBe("/managed-cloud-services");
    expect(g[col("Sent from")]).toBe("/l1-support");
  });

  it("applies the handled filter, and refuses bad filters with 400", async () => {
    const res = await api.call(inquiriesExportApi, { as: "admin", query: { handled: "true" } });
    const rows = Papa.parse<string[]>((await res.text()).replace(/^\ufeff/, "").trim()).data;
    expect(rows).toHaveLength(1 + (await count(db, "inquiries", "handled")));
    expect((await api.call(inquiriesExportApi, { as: "admin", query: { to: "yesterday" } })).status).toBe(
      400,
    );
    expect((await api.call(inquiriesExportApi, { as: "admin", method: "POST" })).status).toBe(405);
  });
});

describe("GET /api/inquiry-file/:id", () => {
  it("gives a short-lived signed link to the attachment under a neutral name", async () => {
    const storage = await createApp(
      new Request("http://localhost:4321/"),
      undefined,
      api.ports,
    ).open.storage();
    const id = await insertInquiry(db, { fileKey: await storeResume(storage) });
    const res = await api.call(inquiryFileApi, { as: "sales", params: { id } });
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    const u = new URL(url, "http://localhost:4321");
    expect(u.pathname).toMatch(/^\/api\/files\/private\//);
    expect(u.searchParams.get("name")).toBe(`inquiry-${id}-attachment.pdf`);
    const file = await api.send(new Request(u));
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toMatch(/^attachment;/);
  });

  it("answers 404 for a lead without attachment or unknown, 400 for a bad id", async () => {
    const id = await insertInquiry(db);
    expect((await api.call(inquiryFileApi, { as: "admin", params: { id } })).status).toBe(404);
    expect((await api.call(inquiryFileApi, { as: "admin", params: { id: 999999 } })).status).toBe(404);
    expect((await api.call(inquiryFileApi, { as: "admin", params: { id: "0" } })).status).toBe(400);
  });
});
