/**
 * Returning buyers and merged leads through their endpoints: a lead is marked returning when an
 * earlier lead has its e-mail address or company domain (never for a free-mail domain); the card's
 * related leads link both ways; a merge keeps both timelines and files, hides the lead that went
 * from the list, is audited, reaches the CRM as lead.updated, and is refused when either lead
 * was merged meanwhile. Nothing is deleted by a merge.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../src/server/platform/db/db";
import {
  addLeadNoteApi,
  inquiriesApi,
  leadTimelineApi,
  mergeLeadsApi,
  relatedLeadsApi,
  updateLeadStageApi,
  type Lead,
  type LeadEvent,
  type RelatedLead,
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

/** A unique company domain for one test. */
const domain = () => `buyer-${Math.random().toString(36).slice(2, 10)}.example`;

const lead = async (id: number): Promise<Lead> => {
  const res = await api.call(inquiriesApi, { as: "admin", query: { lead: id } });
  expect(res.status, await res.clone().text()).toBe(200);
  const found = ((await res.json()) as { inquiries: Lead[] }).inquiries;
  expect(found.map((l) => l.id)).toEqual([id]);
  return found[0]!;
};
const related = async (id: number) => {
  const res = await api.call(relatedLeadsApi, { as: "admin", params: { id } });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { earlier: RelatedLead[]; later: RelatedLead[]; merged: RelatedLead[] };
};
const merge = (from: number, into: number, as: Caller = "admin") =>
  api.call(mergeLeadsApi, { as, body: { from, into } });
const timeline = async (id: number) => {
  const res = await api.call(leadTimelineApi, { as: "admin", params: { id } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { events: LeadEvent[] }).events;
};

describe("returning buyers", () => {
  it("marks a lead whose e-mail address an earlier lead has, and links them both ways", async () => {
    const d = domain();
    const first = await insertInquiry(db, { email: `dana@${d}` });
    const again = await insertInquiry(db, { email: `Dana@${d.toUpperCase()}` });
    expect((await lead(first)).returning).toBe(false);
    expect((await lead(again)).returning).toBe(true);
    expect((await related(again)).earlier.map((r) => [r.id, r.match])).toEqual([[first, "email"]]);
    expect((await related(first)).later.map((r) => [r.id, r.match])).toEqual([[again, "email"]]);
  });

  it("marks a colleague from the same company domain as returning", async () => {
    const d = domain();
    const first = await insertInquiry(db, { email: `dana@${d}` });
    const colleague = await insertInquiry(db, { email: `lee@${d}` });
    expect((await lead(colleague)).returning).toBe(true);
    expect((await related(colleague)).earlier.map((r) => [r.id, r.match])).toEqual([[first, "domain"]]);
    expect((await related(first)).later.map((r) => r.id)).toEqual([colleague]);
  });

  it("never links two people by a free-mail domain, only by the same address", async () => {
    const a = await insertInquiry(db, { email: `someone-${domain()}@gmail.com` });
    const b = await insertInquiry(db, { email: `other-${domain()}@gmail.com` });
    expect((await lead(b)).returning).toBe(false);
    expect(await related(b)).toEqual({ earlier: [], later: [], merged: [] });
    expect((await related(a)).later).toEqual([]);
  });

  it("unlinks an anonymised lead (its address is gone)", async () => {
    const d = domain();
    const first = await insertInquiry(db, { email: `dana@${d}` });
    const again = await insertInquiry(db, { email: `dana@${d}` });
    await db.query("UPDATE inquiries SET email = NULL, anonymised_at = now() WHERE id = $1", [first]);
    expect((await lead(again)).returning).toBe(false);
    expect((await related(again)).earlier).toEqual([]);
  });
});

describe("merging two leads", () => {
  it("keeps both timelines and files on the lead kept, and takes the other out of the list", async () => {
    const d = domain();
    const kept = await insertInquiry(db, { email: `dana@${d}`, orgName: `Kept ${d}` });
    const gone = await insertInquiry(db, { email: `dana@${d}`, fileKey: "private/brief-merge.pdf" });
    await api.call(addLeadNoteApi, { as: "admin", body: { id: kept, body: "Note on the kept lead." } });
    await api.call(addLeadNoteApi, { as: "admin", body: { id: gone, body: "Note on the other lead." } });
    const before = await count(db, "inquiry_events", "inquiry_id = ANY($1::int[])", [[kept, gone]]);

    const res = await merge(gone, kept);
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as { inquiry: Lead; changed: boolean; message: string };
    expect(body.message).toBe(`Lead #${gone} merged into lead #${kept}`);
    expect(body.inquiry).toMatchObject({ id: kept, merged: 1, mergedInto: null });

    // Nothing deleted: both rows, the file and every event stay; two merge events are added.
    expect(await count(db, "inquiries", "id = ANY($1::int[])", [[kept, gone]])).toBe(2);
    expect(await count(db, "inquiries", "id = $1 AND file_key = 'private/brief-merge.pdf'", [gone])).toBe(1);
    expect(await count(db, "inquiry_events", "inquiry_id = ANY($1::int[])", [[kept, gone]])).toBe(before + 2);

    const events = await timeline(kept);
    expect(events.filter((e) => e.kind === "note").map((e) => [e.lead, e.body])).toEqual([
      [gone, "Note on the other lead."],
      [kept, "Note on the kept lead."],
    ]);
    // The merge once, as the kept lead records it (the other lead's own record stays on it).
    expect(events.filter((e) => e.kind === "merge").map((e) => [e.lead, e.from, e.to])).toEqual([
      [kept, `#${gone}`, `#${kept}`],
    ]);
    const card = await related(kept);
    expect(card.merged).toMatchObject([{ id: gone, match: "merged", file: { name: "brief.pdf" } }]);

    // The list shows the kept lead only; asked for by id, the other is still there, marked.
    const res2 = await api.call(inquiriesApi, { as: "admin", query: { q: `Kept ${d}` } });
    const listed = ((await res2.json()) as { inquiries: Lead[] }).inquiries.map((l) => l.id);
    expect(listed).toContain(kept);
    const all = await api.call(inquiriesApi, { as: "admin", query: { page: 1 } });
    expect(((await all.json()) as { inquiries: Lead[] }).inquiries.map((l) => l.id)).not.toContain(gone);
    expect((await lead(gone)).mergedInto).toBe(kept);

    const [audit] = await db.query<{ action: string; changes: Record<string, unknown> }>(
      "SELECT action, changes FROM audit_log WHERE action = 'lead.merge' AND entity_id = $1",
      [String(kept)],
    );
    expect(audit).toMatchObject({ action: "lead.merge", changes: { merged: { from: null, to: gone } } });
  });

  it("carries the leads merged into the one that goes (no chains)", async () => {
    const [a, b, c] = [await insertInquiry(db), await insertInquiry(db), await insertInquiry(db)];
    expect((await merge(a, b)).status).toBe(200);
    expect((await merge(b, c)).status).toBe(200);
    expect((await lead(a)).mergedInto).toBe(c);
    expect((await related(c)).merged.map((r) => r.id)).toEqual([a, b]);
  });

  it("refuses a lead merged already, one merged away, itself, and what does not exist", async () => {
    const [a, b, c] = [await insertInquiry(db), await insertInquiry(db), await insertInquiry(db)];
    expect((await merge(a, b)).status).toBe(200);
    const again = await merge(a, c);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: `Lead #${a} was already merged into lead #${b}.` });
    const into = await merge(c, a);
    expect(into.status).toBe(409);
    expect(((await into.json()) as { error: string }).error).toContain("merge into that one instead");
    const self = await merge(c, c);
    expect(self.status).toBe(400);
    expect(await self.json()).toEqual({ error: "Choose two different leads to merge." });
    const missing = await merge(c, 99_999_999);
    expect(missing.status).toBe(404);
    expect((await lead(c)).mergedInto).toBeNull();
  });

  it("is for admins: a reader gets 403 and nothing changes", async () => {
    const [a, b] = [await insertInquiry(db), await insertInquiry(db)];
    const res = await merge(a, b, "reader");
    expect(res.status).toBe(403);
    expect((await lead(a)).mergedInto).toBeNull();
  });

  it("leaves the stage of the lead kept as it was, and its later changes to itself", async () => {
    const [a, b] = [await insertInquiry(db), await insertInquiry(db)];
    await api.call(updateLeadStageApi, { as: "admin", body: { id: b, stage: "Qualified" } });
    expect((await merge(a, b)).status).toBe(200);
    expect((await lead(b)).stage).toBe("Qualified");
    expect((await lead(a)).stage).toBe("New");
  });
});
