import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import filesFn from "../../netlify/functions/files";
import inquiriesFn from "../../netlify/functions/inquiries";
import inquiriesExportFn from "../../netlify/functions/inquiries-export";
import inquiryFileFn from "../../netlify/functions/inquiry-file";
import updateInquiryFn from "../../netlify/functions/update-inquiry";
import { createApp } from "../../src/server/http/endpoint";
import { call } from "../helpers/dashboard-call";
import { count, insertInquiry, storeResume } from "../helpers/dashboard-fixtures";
import { staffSessions, type StaffCookies } from "../helpers/dashboard-sessions";
import { apiDb, type TestDb } from "../helpers/db";
import { withPorts, type GivenPorts } from "../helpers/ports";

/** The back ends every call of this file's functions gets (tests/helpers/ports.ts). */
let ports: GivenPorts = {};
const files = withPorts(filesFn, () => ports);
const inquiries = withPorts(inquiriesFn, () => ports);
const inquiriesExport = withPorts(inquiriesExportFn, () => ports);
const inquiryFile = withPorts(inquiryFileFn, () => ports);
const updateInquiry = withPorts(updateInquiryFn, () => ports);

let t: TestDb;
let s: StaffCookies;
let admin: string;
const ids: Record<string, number> = {};
beforeAll(async () => {
  t = await apiDb();
  ports = { db: t.db };
  s = await staffSessions(t.db);
  admin = s.cookies.admin!;
  ids.march = await insertInquiry(t.db, { fullName: "March Lead", createdAt: "2026-03-10T12:00:00Z" });
  ids.aprilStart = await insertInquiry(t.db, {
    fullName: "April First",
    createdAt: "2026-04-01T00:00:00Z",
    handled: true,
  });
  ids.aprilEnd = await insertInquiry(t.db, { fullName: "April Last", createdAt: "2026-04-30T23:59:59Z" });
  ids.may = await insertInquiry(t.db, { fullName: "May Lead", createdAt: "2026-05-02T08:00:00Z" });
});
afterAll(async () => {
  await t.close();
});

type Listing = {
  inquiries: { id: number; fullName: string; handled: boolean; createdAt: string }[];
  total: number;
};
const list = async (q: string, cookie = admin) => {
  const res = await call(inquiries, `/api/inquiries${q}`, { cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Listing;
};

describe("GET /api/inquiries", () => {
  it("lists every field, newest first", async () => {
    const body = await list("", s.cookies.reader);
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
    await t.db.query(
      `UPDATE inquiries SET marketing_consent = true, marketing_consent_version = '1.0',
         marketing_consent_at = '2026-05-02T08:00:00Z' WHERE id = $1`,
      [ids.may],
    );
    const body = await list("", s.cookies.reader);
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
    expect((await list("?handled=true")).inquiries.map((i) => i.id)).toEqual([ids.aprilStart]);
    expect((await list("?handled=false")).total).toBe(3);
    expect((await list("?handled=all")).total).toBe(4);
    expect((await list("?from=2026-04-01&to=2026-04-30")).inquiries.map((i) => i.id)).toEqual([
      ids.aprilEnd,
      ids.aprilStart,
    ]);
    expect((await list("?from=2026-04-02")).inquiries.map((i) => i.id)).toEqual([ids.may, ids.aprilEnd]);
    expect((await list("?to=2026-03-31")).inquiries.map((i) => i.id)).toEqual([ids.march]);
    expect((await list("?handled=false&from=2026-04-01&to=2026-04-30")).inquiries.map((i) => i.id)).toEqual([
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
    const res = await call(inquiries, `/api/inquiries?${q}`, { cookie: admin });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(message);
  });
});

describe("POST /api/update-inquiry", () => {
  it("marks a lead handled (who and when) and back", async () => {
    const id = await insertInquiry(t.db);
    const res = await call(updateInquiry, "/api/update-inquiry", {
      cookie: admin,
      json: { id, handled: true },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      inquiry: { handled: boolean; handledBy: string; handledAt: string };
    };
    expect(body.inquiry).toMatchObject({ handled: true, handledBy: s.users.admin.email });
    const [row] = await t.db.query("SELECT handled, handled_by FROM inquiries WHERE id = $1", [id]);
    expect(row).toEqual({ handled: true, handled_by: s.users.admin.id });
    await call(updateInquiry, "/api/update-inquiry", { cookie: admin, json: { id, handled: false } });
    const [back] = await t.db.query("SELECT handled, handled_by, handled_at FROM inquiries WHERE id = $1", [
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
    const id = await insertInquiry(t.db);
    const res = await call(updateInquiry, "/api/update-inquiry", {
      cookie: admin,
      json: { id, handled: true, ...over },
    });
    expect(res.status).toBe(400);
    expect(await count(t.db, "inquiries", "id = $1 AND NOT handled", [id])).toBe(1);
  });

  it("answers 404 for an unknown lead", async () => {
    expect(
      (
        await call(updateInquiry, "/api/update-inquiry", {
          cookie: admin,
          json: { id: 999999, handled: true },
        })
      ).status,
    ).toBe(404);
  });
});

describe("GET /api/inquiries/export", () => {
  it("downloads the filtered list as CSV with every cell that could run as a formula neutralised", async () => {
    const nasty = ['=HYPERLINK("http://x")', "+1+1", "-2+3", "@SUM(A1)", "\tTabbed", "\rReturn"];
    const created = "2027-01-15T10:00:00Z";
    for (const [i, v] of nasty.entries())
      await insertInquiry(t.db, { fullName: v, orgName: `Org ${i}`, details: v, createdAt: created });
    const res = await call(inquiriesExport, "/api/inquiries/export?from=2027-01-15&to=2027-01-15", {
      cookie: s.cookies.reader,
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
      // No cell at all starts with a formula character.
      for (const cell of r) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    }
    expect(rows.map((r) => r[nameCol]).sort()).toEqual(nasty.map((v) => `'${v}`).sort());
  });

  it("applies the handled filter, and refuses bad filters with 400", async () => {
    const res = await call(inquiriesExport, "/api/inquiries/export?handled=true", { cookie: admin });
    const rows = Papa.parse<string[]>((await res.text()).replace(/^\ufeff/, "").trim()).data;
    expect(rows).toHaveLength(1 + (await count(t.db, "inquiries", "handled")));
    expect(
      (await call(inquiriesExport, "/api/inquiries/export?to=yesterday", { cookie: admin })).status,
    ).toBe(400);
    expect(
      (await call(inquiriesExport, "/api/inquiries/export", { method: "POST", cookie: admin })).status,
    ).toBe(405);
  });
});

describe("GET /api/inquiry-file/:id", () => {
  it("gives a short-lived signed link to the attachment under a neutral name", async () => {
    const storage = await createApp(new Request("http://localhost:4321/"), undefined, ports).open.storage();
    const id = await insertInquiry(t.db, { fileKey: await storeResume(storage) });
    const res = await call(inquiryFile, `/api/inquiry-file/${id}`, { cookie: s.cookies.reader });
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    const u = new URL(url, "http://localhost:4321");
    expect(u.pathname).toMatch(/^\/api\/files\/private\//);
    expect(u.searchParams.get("name")).toBe(`inquiry-${id}-attachment.pdf`);
    const file = await files(new Request(u));
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toMatch(/^attachment;/);
  });

  it("answers 404 for a lead without attachment or unknown, 400 for a bad id", async () => {
    const id = await insertInquiry(t.db);
    expect((await call(inquiryFile, `/api/inquiry-file/${id}`, { cookie: admin })).status).toBe(404);
    expect((await call(inquiryFile, "/api/inquiry-file/999999", { cookie: admin })).status).toBe(404);
    expect((await call(inquiryFile, "/api/inquiry-file/0", { cookie: admin })).status).toBe(400);
  });
});
