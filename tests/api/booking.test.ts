/**
 * Booking a call through the endpoints: a buyer sends the contact form, gets the owner's free
 * slots with the thank-you page's cookie, books one (201; the same again 200; another 409), a
 * second buyer finds it taken (409 with fresh slots), both invitations carry a text/calendar
 * REQUEST part that an independent parser (ical.js) reads, the buyer cancels from the mail's link
 * (CANCEL, the same UID) and the slot is free again; the reminders go once each; the member's
 * feed lists the call.
 */
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site } from "../../src/config/site";
import { submitApi } from "../../src/shared/contact/api";
import { privacyErasePersonApi } from "../../src/shared/privacy/api";
import { inquiriesApi, type Lead } from "../../src/shared/contact/leads-api";
import {
  availabilityApi,
  bookingSlotsApi,
  bookMeetingApi,
  cancelMeetingApi,
  renewCalendarFeedApi,
  updateAvailabilityApi,
} from "../../src/shared/booking/api";
import type { Slot } from "../../src/shared/booking/availability";
import { bookingToken } from "../../src/server/contact/booking-tokens";
import { env } from "../../src/server/platform/env";
import type { MailMessage } from "../../src/server/platform/mail/mail";
import { apiHarness, type ApiHarness } from "../helpers/api";
import { contactForm } from "../helpers/contact";

// A fixed clock near the real one (the staff sessions are judged by it too).
const NOW = new Date(Math.floor(Date.now() / 60_000) * 60_000);
/** Moves the fixed clock on, for a test that lets time pass. */
let shift = 0;
const ALL_DAY = Array.from({ length: 7 }, () => "00:00-23:59");

let api: ApiHarness;
beforeAll(async () => {
  api = await apiHarness({ now: () => new Date(NOW.getTime() + shift) });
  const res = await api.call(updateAvailabilityApi, {
    as: "admin",
    body: { timeZone: "Asia/Kolkata", weekly: ALL_DAY, daysOff: [], meetingMinutes: 30, bufferMinutes: 0 },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  await api.db.db.query("INSERT INTO assignment_rules (position, name, members) VALUES (1, 'All', $1)", [
    [api.staff.users.admin.id],
  ]);
});
afterAll(() => api.close());

/** A buyer sends the form: the thank-you page's cookie. */
async function buyer(email: string): Promise<string> {
  const res = await api.call(submitApi, { form: contactForm({ email }) });
  expect(res.status).toBe(200);
  return res.headers.get("set-cookie")!.split(";")[0]!;
}

async function slots(cookie: string, timeZone = "America/Chicago"): Promise<Slot[]> {
  const res = await api.call(bookingSlotsApi, { cookie, query: { timeZone } });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { timeZone: string; slots: Slot[] };
  expect(body.timeZone).toBe(timeZone);
  return body.slots;
}

const book = (cookie: string, s: Slot) =>
  api.call(bookMeetingApi, {
    cookie,
    body: { start: s.start, ownerId: s.ownerId, timeZone: "America/Chicago" },
  });

function parse(m: MailMessage) {
  const comp = new ICAL.Component(ICAL.parse(m.calendar!.ics) as unknown[]);
  const ev = comp.getFirstSubcomponent("vevent")!;
  return { comp, ev, event: new ICAL.Event(ev) };
}

describe("booking a call right after the form", () => {
  let first: string;
  let second: string;
  let slot: Slot;
  let buyerMail: MailMessage;

  it("needs the thank-you page's cookie or the mail's token", async () => {
    const res = await api.call(bookingSlotsApi, {});
    expect(res.status).toBe(403);
    expect((await res.json()).error).toMatch(/mail/);
  });

  it("offers the owner's free slots from the minimum notice on, in UTC", async () => {
    first = await buyer("first@buyer.example");
    const list = await slots(first);
    expect(list.length).toBeGreaterThan(100);
    expect(Date.parse(list[0]!.start)).toBeGreaterThanOrEqual(NOW.getTime() + 240 * 60_000);
    expect(list.every((s) => s.ownerId === api.staff.users.admin.id && s.start.endsWith("Z"))).toBe(true);
    expect(Date.parse(list.at(-1)!.start)).toBeLessThan(NOW.getTime() + 10 * 86_400_000);
    slot = list[3]!;
  });

  it("books one: 201, an invitation to each with its calendar part; the same again 200, another 409", async () => {
    api.outbox.length = 0;
    const res = await book(first, slot);
    expect(res.status).toBe(201);
    const { meeting } = (await res.json()) as { meeting: { id: number; start: string; ownerId: number } };
    expect(meeting).toMatchObject({
      start: slot.start,
      end: slot.end,
      ownerId: slot.ownerId,
      timeZone: "America/Chicago",
    });
    await expect.poll(() => api.outbox.filter((m) => m.calendar).length).toBe(2);
    buyerMail = api.outbox.find((m) => m.to === "first@buyer.example" && m.calendar)!;
    const ownerMail = api.outbox.find((m) => m.to === api.staff.users.admin.email && m.calendar)!;
    for (const m of [buyerMail, ownerMail]) {
      expect(m.calendar!.method).toBe("REQUEST");
      const { comp, event } = parse(m);
      expect(comp.getFirstPropertyValue("method")).toBe("REQUEST");
      expect(event.startDate.toJSDate().toISOString()).toBe(slot.start);
      expect(event.endDate.toJSDate().toISOString()).toBe(slot.end);
      expect(event.startDate.zone.tzid).toBe("UTC");
      expect(event.summary).toContain(site.name);
      expect(event.organizer).toBe(`mailto:${api.staff.users.admin.email}`);
      expect(event.attendees.map((a) => a.getFirstValue())).toEqual(["mailto:first@buyer.example"]);
      expect(event.uid).toMatch(/^call-[0-9a-f]+@/);
      expect(m.calendar!.ics).toMatch(/^DTSTAMP:\d{8}T\d{6}Z\r$/m);
    }
    expect(parse(buyerMail).event.uid).toBe(parse(ownerMail).event.uid);
    expect(buyerMail.text).toMatch(/\/meeting\/cancel\?token=/);
    expect(buyerMail.subject).toMatch(/C[SD]T$/);

    const again = await book(first, slot);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { meeting: { id: number } }).meeting.id).toBe(meeting.id);
    const other = await book(
      first,
      (await slots(second ?? (second = await buyer("second@buyer.example"))))[10]!,
    );
    expect(other.status).toBe(409);

    const [lead] = await api.db.db.query<{ first_response_at: Date | null }>(
      "SELECT first_response_at FROM inquiries WHERE email = 'first@buyer.example'",
    );
    expect(lead!.first_response_at).not.toBeNull();
    const events = await api.db.db.query<{ to_value: string }>(
      "SELECT to_value FROM inquiry_events WHERE kind = 'meeting'",
    );
    expect(events.map((e) => new Date(e.to_value).toISOString())).toEqual([slot.start]);
  });

  it("another buyer finds the slot taken: 409 with fresh slots that leave it out", async () => {
    expect((await slots(second)).map((s) => s.start)).not.toContain(slot.start);
    const res = await book(second, slot);
    expect(res.status).toBe(409);
    const body = (await res.json()) as { error: string; slots: Slot[] };
    expect(body.error).toMatch(/just taken/);
    expect(body.slots.length).toBeGreaterThan(0);
    expect(body.slots.map((s) => s.start)).not.toContain(slot.start);
  });

  it("refuses a time that is not a slot (400)", async () => {
    const odd = { ...slot, start: new Date(Date.parse(slot.start) + 7 * 60_000).toISOString() };
    expect((await book(second, odd)).status).toBe(400);
    const early = { ...slot, start: new Date(NOW.getTime() + 30 * 60_000).toISOString() };
    expect((await book(second, early)).status).toBe(400);
  });

  it("a time offered earlier that is now inside the minimum notice: 409 with fresh slots", async () => {
    const third = await buyer("third@buyer.example");
    const [earliest] = await slots(third);
    const [lead] = await api.db.db.query<{ id: number }>(
      "SELECT id FROM inquiries WHERE email = 'third@buyer.example'",
    );
    // The acknowledgement mail's link (the thank-you page's grant is short-lived).
    const token = await bookingToken({ now: () => NOW, secret: process.env.SESSION_SECRET! }, lead!.id);
    // Time passes until the earliest time is a minute inside the minimum notice. How long that is
    // depends on the hour the test runs at (the earliest time may be the next working morning).
    const notice = env().booking.minNoticeMinutes * 60_000;
    shift = Date.parse(earliest!.start) - (NOW.getTime() + notice) + 60_000;
    expect(shift).toBeGreaterThan(0);
    try {
      const res = await api.call(bookMeetingApi, {
        body: { start: earliest!.start, ownerId: earliest!.ownerId, timeZone: "America/Chicago", token },
      });
      expect(res.status).toBe(409);
      const body = (await res.json()) as { error: string; slots: Slot[] };
      expect(body.error).toMatch(/now too soon/);
      expect(body.slots.length).toBeGreaterThan(0);
      expect(body.slots.map((s) => s.start)).not.toContain(earliest!.start);
    } finally {
      shift = 0;
    }
  });

  it("the mail's token opens the slots too (the /book page's way)", async () => {
    const [lead] = await api.db.db.query<{ id: number }>(
      "SELECT id FROM inquiries WHERE email = 'second@buyer.example'",
    );
    const token = await bookingToken({ now: () => NOW, secret: process.env.SESSION_SECRET! }, lead!.id);
    const res = await api.call(bookingSlotsApi, { query: { token, timeZone: "Asia/Kolkata" } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { slots: Slot[] }).slots.length).toBeGreaterThan(0);
    const bad = await api.call(bookingSlotsApi, { query: { token: `${token}x` } });
    expect(bad.status).toBe(403);
  });

  it("lists the call in the member's private feed; a renewed address retires the old one", async () => {
    const { calendarUrl } = (await (await api.call(availabilityApi, { as: "admin" })).json()) as {
      calendarUrl: string;
    };
    const path = new URL(calendarUrl).pathname;
    const res = await api.send(new Request(`http://localhost:4321${path}`));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const comp = new ICAL.Component(ICAL.parse(await res.text()) as unknown[]);
    const events = comp.getAllSubcomponents("vevent").map((e) => new ICAL.Event(e));
    expect(events.map((e) => e.startDate.toJSDate().toISOString())).toEqual([slot.start]);
    const renewed = await api.call(renewCalendarFeedApi, { as: "admin" });
    expect(renewed.status).toBe(200);
    expect((await api.send(new Request(`http://localhost:4321${path}`))).status).toBe(403);
  });

  it("reminds 24 hours and 1 hour before, each once", async () => {
    api.outbox.length = 0;
    const at = (h: number) => new Date(Date.parse(slot.start) - h * 3_600_000);
    await api.db.db.query("UPDATE meetings SET created_at = $1", [new Date(NOW.getTime() - 3 * 86_400_000)]);
    for (const [h, expected] of [
      [23, 2],
      [22, 0],
      [0.5, 2],
      [0.25, 0],
    ] as const) {
      const res = await api.schedule("send-meeting-reminders", { ports: { now: () => at(h) } });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { reminded: number }).reminded).toBe(expected / 2);
    }
    expect(
      api.outbox.filter((m) => m.subject.startsWith("Reminder")).map((m) => m.subject.replace(/,.*$/, "")),
    ).toEqual([
      expect.stringMatching(/^Reminder: your call .* tomorrow$/),
      expect.stringMatching(/^Reminder: call with lead .* tomorrow$/),
      expect.stringMatching(/^Reminder: your call .* in an hour$/),
      expect.stringMatching(/^Reminder: call with lead .* in an hour$/),
    ]);
  });

  it("the buyer cancels from the mail's link: CANCEL with the same UID, and the slot is free again", async () => {
    api.outbox.length = 0;
    const token = new URL(
      /https?:\/\/\S+\/meeting\/cancel\?token=\S+/.exec(buyerMail.text)![0],
    ).searchParams.get("token")!;
    const res = await api.call(cancelMeetingApi, { body: { token } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ cancelled: true });
    await expect.poll(() => api.outbox.filter((m) => m.calendar?.method === "CANCEL").length).toBe(2);
    const uid = parse(buyerMail).event.uid;
    for (const m of api.outbox.filter((x) => x.calendar)) {
      const { comp, ev, event } = parse(m);
      expect(comp.getFirstPropertyValue("method")).toBe("CANCEL");
      expect(event.uid).toBe(uid);
      expect(ev.getFirstPropertyValue("status")).toBe("CANCELLED");
      expect(Number(ev.getFirstPropertyValue("sequence"))).toBe(1);
    }
    expect((await slots(second)).map((s) => s.start)).toContain(slot.start);
    expect((await api.call(cancelMeetingApi, { body: { token } })).status).toBe(200);
    expect((await book(second, slot)).status).toBe(201);
  });

  it("the lead card carries the call; the person's erasure deletes their calls", async () => {
    const list = (await (await api.call(inquiriesApi, { as: "admin" })).json()) as { inquiries: Lead[] };
    const lead = list.inquiries.find((l) => l.email === "second@buyer.example")!;
    expect(lead.meeting).toEqual({ start: slot.start, end: slot.end });
    const res = await api.call(privacyErasePersonApi, {
      as: "root_admin",
      body: { email: "second@buyer.example" },
    });
    expect(res.status).toBe(200);
    const left = await api.db.db.query("SELECT 1 FROM meetings WHERE inquiry_id = $1", [lead.id]);
    expect(left).toEqual([]);
  });

  it("routes a returning buyer to their earlier owner; round robin skips members with no free time", async () => {
    const db = api.db.db;
    const { admin, root_admin: root } = api.staff.users;
    await db.query("UPDATE inquiries SET owner_id = $1 WHERE email = 'first@buyer.example'", [root.id]);
    await buyer("first@buyer.example");
    const [again] = await db.query<{ owner_id: number }>(
      "SELECT owner_id FROM inquiries WHERE email = 'first@buyer.example' ORDER BY id DESC LIMIT 1",
    );
    expect(again!.owner_id).toBe(root.id);
    // The root admin keeps hours with no time in them: the rule's turns all go to the admin.
    await db.query(
      `INSERT INTO staff_availability (user_id, time_zone, calendar_token) VALUES ($1, 'Asia/Kolkata', $2)
       ON CONFLICT (user_id) DO UPDATE SET weekly = '[[],[],[],[],[],[],[]]'`,
      [root.id, "s".repeat(32)],
    );
    await db.query("UPDATE assignment_rules SET members = $1", [[root.id, admin.id]]);
    for (const n of [1, 2, 3]) await buyer(`new${n}@other.example`);
    const owners = await db.query<{ owner_id: number }>(
      "SELECT owner_id FROM inquiries WHERE email LIKE 'new%@other.example'",
    );
    expect(owners.map((o) => o.owner_id)).toEqual([admin.id, admin.id, admin.id]);
  });
});
