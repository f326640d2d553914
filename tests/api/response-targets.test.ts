/**
 * Response-time targets through the endpoints, at a fixed clock: a first answer is recorded when
 * a lead leaves New or a note says the buyer was contacted, a proposal when it reaches "Proposal
 * sent"; each lead shows both targets; the list filters overdue leads and those due within the
 * hour and sorts by the answer due; the reminder job mails the owner (or the admins) once per
 * missed target; the overview's figures match a hand count.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ROLES } from "../../src/shared/staff/staff";
import { may } from "../../src/shared/staff/permissions";
import type { Db } from "../../src/server/platform/db/db";
import { overviewApi, type Overview } from "../../src/shared/audit/api";
import { privacyErasePersonApi } from "../../src/shared/privacy/api";
import {
  addLeadNoteApi,
  inquiriesApi,
  updateLeadStageApi,
  type Lead,
} from "../../src/shared/contact/leads-api";
import { apiHarness, type ApiHarness } from "../helpers/api";
import { insertInquiry } from "../helpers/dashboard-fixtures";

// A fixed clock near the real one (the staff sessions are judged by it too).
const NOW = new Date(Math.floor(Date.now() / 60_000) * 60_000);
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();
const H = 60;
const D = 24 * H;

let api: ApiHarness;
let db: Db;
beforeAll(async () => {
  api = await apiHarness({ now: () => NOW });
  db = api.db.db;
});
beforeEach(async () => {
  await db.query("DELETE FROM inquiries");
  api.outbox.length = 0;
});
afterAll(() => api.close());

/** A lead that arrived `minutes` ago, with its answers given `first` and `proposal` minutes after. */
async function lead(
  minutes: number,
  o: { first?: number; proposal?: number; stage?: string; owner?: number } = {},
) {
  const id = await insertInquiry(db, { createdAt: ago(minutes), orgName: `Org ${minutes}` });
  await db.query(
    `UPDATE inquiries SET stage = $2, owner_id = $3,
            first_response_at = created_at + make_interval(mins => $4::int),
            proposal_sent_at = created_at + make_interval(mins => $5::int) WHERE id = $1`,
    [
      id,
      o.stage ?? (o.proposal !== undefined ? "Proposal sent" : o.first !== undefined ? "Contacted" : "New"),
      o.owner ?? null,
      o.first ?? null,
      o.proposal ?? null,
    ],
  );
  return id;
}
const list = async (q: string) => {
  const res = await api.call(inquiriesApi, { as: "admin", query: q });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { inquiries: Lead[] }).inquiries;
};
const runReminders = async () => {
  const res = await api.schedule("remind-overdue-leads");
  expect(res.status).toBe(200);
  return (await res.json()) as { firstResponse: number; proposal: number };
};

describe("a lead's targets", () => {
  it("are due 60 minutes and 24 hours after its arrival, and met by the pipeline", async () => {
    const id = await insertInquiry(db, { createdAt: ago(30) });
    const [l] = await list(`lead=${id}`);
    expect(l!.targets).toEqual({
      open: true,
      firstResponse: { due: ago(-30), metAt: null },
      proposal: { due: ago(30 - D), metAt: null },
    });
    const note = await api.call(addLeadNoteApi, {
      as: "admin",
      body: { id, body: "Called Dana.", contacted: true },
    });
    expect(note.status).toBe(201);
    expect(((await note.json()) as { event: { contacted: boolean } }).event.contacted).toBe(true);
    expect((await list(`lead=${id}`))[0]!.targets.firstResponse.metAt).toBe(NOW.toISOString());
    expect((await list(`lead=${id}`))[0]!.stage).toBe("New"); // a note does not move the stage

    const other = await insertInquiry(db, { createdAt: ago(30) });
    await api.call(addLeadNoteApi, { as: "admin", body: { id: other, body: "Internal only." } });
    expect((await list(`lead=${other}`))[0]!.targets.firstResponse.metAt).toBeNull();
    await api.call(updateLeadStageApi, { as: "admin", body: { id: other, stage: "Proposal sent" } });
    const after = (await list(`lead=${other}`))[0]!.targets;
    expect([after.firstResponse.metAt, after.proposal.metAt]).toEqual([NOW.toISOString(), NOW.toISOString()]);
  });

  it("filters the overdue, the due within the hour, and sorts by the answer due", async () => {
    const late = await lead(3 * H); // first answer overdue by 2 h
    const soon = await lead(20); // first answer due in 40 min
    const fresh = await lead(1); // due in 59 min
    const proposalLate = await lead(26 * H, { first: 30 }); // proposal overdue by 2 h
    const proposalSoon = await lead(23 * H + 30, { first: 10 }); // proposal due in 30 min
    await lead(3 * H, { first: 10, proposal: 60 }); // both met
    await lead(5 * D, { stage: "Lost" }); // closed
    expect((await list("due=overdue")).map((l) => l.id).sort()).toEqual([late, proposalLate].sort());
    expect((await list("due=soon")).map((l) => l.id).sort()).toEqual([soon, proposalSoon, fresh].sort());
    expect((await list("sort=due")).map((l) => l.id)).toEqual([
      late,
      proposalLate,
      proposalSoon,
      soon,
      fresh,
    ]);
  });
});

describe("reminders", () => {
  it("mail the owner, or everyone who owns leads, once per missed target", async () => {
    // Everyone who owns leads: the harness's admin, sales member, its root_admin, and the root_admin
    // whose session was revoked (not its reader, recruiter or editor).
    const { admin, sales, root_admin, revoked } = api.staff.users;
    const owned = await lead(2 * H, { owner: admin.id });
    const nobodys = await lead(90);
    const proposal = await lead(25 * H, { first: 5, owner: root_admin.id });
    await lead(10); // not due yet
    await lead(10 * D); // missed too long ago to mail
    expect(await runReminders()).toEqual({ firstResponse: 2, proposal: 1 });
    const to = (id: number) =>
      api.outbox
        .filter((m) => m.subject.includes(`lead #${id} `))
        .map((m) => m.to)
        .sort();
    expect(to(owned)).toEqual([admin.email]);
    expect(to(nobodys)).toEqual([admin.email, sales.email, root_admin.email, revoked.email].sort());
    expect(to(proposal)).toEqual([root_admin.email]);
    expect(api.outbox.find((m) => m.subject.includes(`lead #${owned} `))!.subject).toMatch(
      /^Overdue: first answer/,
    );
    expect(api.outbox.find((m) => m.subject.includes(`lead #${proposal} `))!.text).toContain(
      `/dashboard/leads#lead-${proposal}`,
    );
    // Once: the next run mails nothing again.
    expect(await runReminders()).toEqual({ firstResponse: 0, proposal: 0 });
    expect(api.outbox).toHaveLength(6);
  });
});

describe("an anonymised lead", () => {
  it("leaves its targets: not overdue or due in the list, no reminder", async () => {
    const email = `gone-${Date.now()}@buyer.example`;
    const first = await lead(2 * H); // first answer overdue by 1 h
    const proposal = await lead(25 * H, { first: 5 }); // proposal overdue by 1 h
    const soon = await lead(20); // first answer due in 40 min
    const kept = await lead(3 * H); // someone else's, overdue
    await db.query("UPDATE inquiries SET email = $2 WHERE id = ANY($1::int[])", [
      [first, proposal, soon],
      email,
    ]);
    // The test can fail: before the erasure they are due.
    expect((await list("due=overdue")).map((l) => l.id).sort()).toEqual([first, proposal, kept].sort());
    expect((await list("due=soon")).map((l) => l.id)).toEqual([soon]);

    const res = await api.call(privacyErasePersonApi, { as: "root_admin", body: { email } });
    expect(res.status).toBe(200);
    expect((await list("due=overdue")).map((l) => l.id)).toEqual([kept]);
    expect(await list("due=soon")).toEqual([]);
    expect((await list("sort=due")).map((l) => l.id)).toEqual([kept]);
    for (const id of [first, proposal, soon]) {
      const [l] = await list(`lead=${id}`);
      expect(l!.targets.open, `lead ${id}`).toBe(false);
    }
    expect(await runReminders()).toEqual({ firstResponse: 1, proposal: 0 });
    expect(api.outbox.map((m) => m.subject).filter((t) => t.startsWith("Overdue"))).toEqual(
      expect.arrayContaining([expect.stringContaining(`lead #${kept} `)]),
    );
    for (const id of [first, proposal, soon])
      expect(api.outbox.some((m) => m.subject.includes(`lead #${id} `))).toBe(false);
  });
});

describe("the overview's response figures", () => {
  it("match a hand count", async () => {
    // In the last 30 days, with the first answer after (minutes):
    const a = await lead(10 * D, { first: 30, proposal: 300 }); // A: 30, within
    await lead(5 * D, { first: 90, proposal: 600 }); // B: 90, late
    await lead(2 * D, { first: 45, proposal: 120 }); // C: 45, within
    await lead(3 * H); // D: no answer, overdue: judged, not within
    await lead(20); // E: no answer, not due yet: not judged
    await lead(26 * H, { first: 30 }); // G: 30, within; its proposal is overdue
    await lead(40 * D, { first: 10, proposal: 20 }); // F: older than 30 days
    // Answered in the window: 30, 90, 45, 30 -> median 37.5; within: A, C, G of A, B, C, D, G.
    // A booked a call on the thank-you page (a cancelled one still counts).
    await db.query(
      `INSERT INTO meetings (inquiry_id, owner_id, starts_at, ends_at, blocked_until, time_zone, booked_via, uid, cancelled_at)
       VALUES ($1, $2, $3, $4, $4, 'America/New_York', 'visit', 'call-a@example.com', $3)`,
      [a, api.staff.users.admin.id, ago(9 * D), ago(9 * D - 30)],
    );
    const res = await api.call(overviewApi, { as: "admin" });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Overview).responses).toEqual({
      windowDays: 30,
      targetMinutes: 60,
      medianFirstMinutes: 37.5,
      withinTarget: 3,
      judged: 5,
      overdueNow: 2, // D (first answer) and G (proposal)
      leads: 6, // A, B, C, D, E, G (F is older)
      bookedInVisit: 1, // A
    });
  });
});

describe("the overview by role", () => {
  it("gives each member the figures of the areas their role reads, and no others", async () => {
    const groups = {
      leads: ["newLeads", "stages", "responses"],
      candidates: ["unansweredFaqs", "applicationsWaiting"],
      blog: ["commentsLast7Days", "commentsToReview"],
    } as const;
    for (const role of ROLES) {
      const res = await api.call(overviewApi, { as: role });
      expect(res.status).toBe(200);
      const o = (await res.json()) as Record<string, unknown> & { weeks: Record<string, unknown>[] };
      for (const [area, keys] of Object.entries(groups)) {
        const reads = may(role, `${area as keyof typeof groups}:read`);
        for (const key of keys) expect(key in o, `${role} ${key}`).toBe(reads);
      }
      expect("leads" in o.weeks[0]!, `${role} weekly leads`).toBe(may(role, "leads:read"));
      expect("applications" in o.weeks[0]!, `${role} weekly applications`).toBe(may(role, "candidates:read"));
    }
  });
});
