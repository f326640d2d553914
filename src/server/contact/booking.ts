/**
 * Calls booked by buyers with their lead's owner: the slots offered right after the contact form
 * (/ack, with the thank-you page's grant) or from the acknowledgement mail's link (/book?token=),
 * the booking itself, its cancellation from the buyer's mail, the reminders and the members'
 * calendar feeds.
 *
 * Exactly one booking wins a slot: the INSERT meets the meetings table's exclusion constraint
 * (db/019), never a read-then-write; the loser is told the slot was just taken, with fresh slots.
 */
import { randomBytes } from "node:crypto";
import { SignJWT, jwtVerify } from "jose";
import { site } from "../../config/site";
import type { Meeting, Slot } from "../../shared/booking/availability";
import { slotLabel } from "../../shared/booking/labels";
import { isTimeZone } from "../../shared/booking/zoned";
import type { Deps } from "../common/deps";
import { Forbidden, Invalid } from "../common/errors";
import { sendAndRecord } from "../common/notify";
import { emitWebhookEvent } from "../common/webhooks/events";
import type { Db } from "../platform/db/db";
import { readAck } from "./ack";
import { calendarOwner, loadWeeks } from "./availability";
import { cancellation, feed, invitation, type CallEvent } from "./ical";
import { leadOwner } from "./lead-owners";
import { ruleMembersFor } from "./routing";
import { leadUrl } from "./sales-mail";
import { offeredSlots, ownerSlots, type FreeSlot } from "./slots";

/** The buyers' zone when their browser names none (the company sells to US businesses). */
export const DEFAULT_BUYER_TIME_ZONE = "America/New_York";

const BOOK_AUDIENCE = "book";
const MEETING_AUDIENCE = "meeting";
/** How long the acknowledgement mail's booking link works. */
export const BOOK_LINK_DAYS = 30;

type TokenDeps = Pick<Deps, "now" | "secret">;
const key = (deps: TokenDeps, use: string) => new TextEncoder().encode(`${use}:${deps.secret}`);
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

async function sign(deps: TokenDeps, audience: string, claims: Record<string, number>, exp: number) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256" })
    .setAudience(audience)
    .setIssuedAt(seconds(deps.now()))
    .setExpirationTime(exp)
    .sign(key(deps, audience));
}

async function verify(deps: TokenDeps, audience: string, token: string | undefined, claim: string) {
  if (!token || token.length > 1024) return undefined;
  try {
    const { payload } = await jwtVerify(token, key(deps, audience), {
      algorithms: ["HS256"],
      audience,
      currentDate: deps.now(),
    });
    const v = (payload as Record<string, unknown>)[claim];
    return typeof v === "number" && Number.isInteger(v) && v > 0 ? v : undefined;
  } catch {
    return undefined;
  }
}

/** The acknowledgement mail's link to book (or book again) a call for this lead. */
export async function bookingToken(deps: TokenDeps, inquiryId: number): Promise<string> {
  return sign(deps, BOOK_AUDIENCE, { iid: inquiryId }, seconds(deps.now()) + BOOK_LINK_DAYS * 86_400);
}

export const bookUrl = (siteUrl: string, token: string) =>
  `${siteUrl}/book?token=${encodeURIComponent(token)}`;

/** The meeting mail's link to cancel (or move) the call; it works until the call has ended. */
export async function meetingToken(deps: TokenDeps, meetingId: number, end: Date): Promise<string> {
  return sign(deps, MEETING_AUDIENCE, { mid: meetingId }, seconds(end));
}

export const cancelUrl = (siteUrl: string, token: string, move = false) =>
  `${siteUrl}/meeting/cancel?token=${encodeURIComponent(token)}${move ? "&move=1" : ""}`;

const NO_ACCESS =
  "This booking link is not valid any more. Use the link in the mail we sent you after your inquiry.";

/**
 * The lead a buyer may book for: the thank-you page's grant (its cookie) or the mail's token.
 */
export async function buyerInquiry(
  deps: TokenDeps,
  creds: { ackToken?: string | undefined; token?: string | undefined },
): Promise<number> {
  if (creds.token) {
    const id = await verify(deps, BOOK_AUDIENCE, creds.token, "iid");
    if (id) return id;
    throw new Forbidden(NO_ACCESS);
  }
  const grant = await readAck(deps, creds.ackToken);
  if (grant && !grant.leaving && grant.inquiryId > 0) return grant.inquiryId;
  throw new Forbidden(NO_ACCESS);
}

interface LeadRow {
  id: number;
  email: string;
  full_name: string;
  org_name: string;
  company_size: string;
  budget: string;
  owner_id: number | null;
  merged_into: number | null;
  anonymised_at: Date | string | null;
  [k: string]: unknown;
}

async function leadFor(db: Db, inquiryId: number, lock = false): Promise<LeadRow> {
  const [lead] = await db.query<LeadRow>(
    `SELECT id, email, full_name, org_name, company_size, budget, owner_id, merged_into, anonymised_at
       FROM inquiries WHERE id = $1${lock ? " FOR UPDATE" : ""}`,
    [inquiryId],
  );
  if (!lead || lead.anonymised_at) throw new Forbidden(NO_ACCESS);
  return lead;
}

/** Who may take this lead's call: its owner, or (unowned) the members of its assignment rule. */
async function candidatesFor(db: Db, lead: LeadRow): Promise<{ id: number; email: string }[]> {
  const owner = await leadOwner(db, lead.owner_id);
  if (owner) return [owner];
  return ruleMembersFor(db, { companySize: lead.company_size, budget: lead.budget });
}

/** The window slots are offered in: from the minimum notice to BOOKING_DAYS_AHEAD days. */
function window(deps: Pick<Deps, "now" | "env">) {
  const now = deps.now().getTime();
  const { minNoticeMinutes, daysAhead } = deps.env.booking;
  return { from: new Date(now + minNoticeMinutes * 60_000), to: new Date(now + daysAhead * 86_400_000) };
}

const slotOf = (s: FreeSlot): Slot => ({
  start: new Date(s.start).toISOString(),
  end: new Date(s.end).toISOString(),
  ownerId: s.ownerId,
});

async function freeSlots(deps: Pick<Deps, "db" | "now" | "env">, lead: LeadRow): Promise<Slot[]> {
  const { from, to } = window(deps);
  const people = await candidatesFor(deps.db, lead);
  const weeks = await loadWeeks(
    deps.db,
    people.map((p) => p.id),
    from,
    to,
  );
  return offeredSlots(weeks, from.getTime(), to.getTime()).map(slotOf);
}

export const buyerZone = (timeZone: string | undefined) =>
  timeZone && isTimeZone(timeZone) ? timeZone : DEFAULT_BUYER_TIME_ZONE;

/** The slots offered to the buyer of this lead (none once a call is booked). */
export async function slotsForBuyer(
  deps: Pick<Deps, "db" | "now" | "env">,
  inquiryId: number,
  timeZone: string | undefined,
): Promise<{ timeZone: string; slots: Slot[]; meeting: Meeting | null }> {
  const lead = await leadFor(deps.db, inquiryId);
  const meeting = await liveMeeting(deps.db, inquiryId);
  return {
    timeZone: buyerZone(timeZone),
    slots: meeting ? [] : await freeSlots(deps, lead),
    meeting,
  };
}

interface MeetingRow {
  id: number;
  inquiry_id: number;
  owner_id: number;
  starts_at: Date | string;
  ends_at: Date | string;
  time_zone: string;
  uid: string;
  sequence: number;
  cancelled_at: Date | string | null;
  [k: string]: unknown;
}

const meetingOf = (r: MeetingRow): Meeting => ({
  id: r.id,
  start: new Date(r.starts_at).toISOString(),
  end: new Date(r.ends_at).toISOString(),
  ownerId: r.owner_id,
  timeZone: r.time_zone,
});

async function liveMeeting(db: Db, inquiryId: number): Promise<Meeting | null> {
  const [row] = await db.query<MeetingRow>(
    "SELECT * FROM meetings WHERE inquiry_id = $1 AND cancelled_at IS NULL",
    [inquiryId],
  );
  return row ? meetingOf(row) : null;
}

/** The lead's booked call, for its card. */
export async function leadMeeting(db: Db, inquiryId: number): Promise<Meeting | null> {
  return liveMeeting(db, inquiryId);
}

export type BookingResult =
  { status: 201 | 200; meeting: Meeting } | { status: 409; error: string; slots: Slot[] };

export const TAKEN = "Sorry, that time was just taken. Please choose another.";
export const ALREADY =
  "You have already booked a call. To choose another time, cancel it with the link in its mail, then book again.";

const pgCode = (err: unknown) => (err as { code?: string }).code;
const constraintOf = (err: unknown) => (err as { constraint?: string }).constraint ?? String(err);

/** The call's event, for both invitations and the feed. */
function callEvent(
  m: MeetingRow,
  lead: Pick<LeadRow, "email" | "full_name" | "org_name">,
  owner: string,
  joinInfo: string,
  stamp: Date,
): CallEvent {
  return {
    uid: m.uid,
    sequence: m.sequence,
    start: new Date(m.starts_at),
    end: new Date(m.ends_at),
    stamp,
    summary: `Call with ${site.name}`,
    description: `${lead.full_name} (${lead.org_name}) and ${site.name}. ${joinInfo}`,
    location: joinInfo,
    organizer: { email: owner, name: site.name },
    attendees: [{ email: lead.email, name: lead.full_name }],
  };
}

/**
 * Books one slot for the lead: 201 with the call; 200 when this very call is already booked;
 * 409 with fresh slots when it was just taken (or a call is booked already); Invalid for a time
 * that is not one of the lead's slots. An unowned lead takes the call's member as its owner.
 */
export async function bookMeeting(
  deps: Pick<Deps, "db" | "now" | "env" | "mail" | "secret" | "requestId" | "log" | "after" | "raise">,
  input: { inquiryId: number; start: string; ownerId: number; timeZone: string; via: "visit" | "link" },
): Promise<BookingResult> {
  const start = new Date(input.start).getTime();
  const lead = await leadFor(deps.db, input.inquiryId);
  const existing = await liveMeeting(deps.db, lead.id);
  if (existing) return sameOr409(existing, start, input.ownerId);
  const people = await candidatesFor(deps.db, lead);
  const person = people.find((p) => p.id === input.ownerId);
  const { from, to } = window(deps);
  const [week] = person ? await loadWeeks(deps.db, [person.id], from, to) : [];
  if (!person || !week) throw new Invalid("Choose one of the offered times.");
  const slot = ownerSlots(week, from.getTime(), to.getTime()).find((s) => s.start === start);
  if (!slot) {
    // A time of this member's hours that is busy now was just taken; any other is not a slot.
    const open = ownerSlots({ ...week, busy: [] }, from.getTime(), to.getTime()).some(
      (s) => s.start === start,
    );
    if (open) return { status: 409, error: TAKEN, slots: await freeSlots(deps, lead) };
    throw new Invalid("Choose one of the offered times.");
  }
  const now = deps.now();
  const blockedUntil = new Date(slot.end + week.availability.bufferMinutes * 60_000);
  const host = new URL(deps.env.siteUrl).hostname;
  let row: MeetingRow;
  try {
    row = await deps.db.transaction(async (tx) => {
      const current = await leadFor(tx, lead.id, true);
      const [made] = await tx.query<MeetingRow>(
        `INSERT INTO meetings (inquiry_id, owner_id, starts_at, ends_at, blocked_until, time_zone, booked_via, uid,
                               created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
        [
          lead.id,
          person.id,
          new Date(slot.start).toISOString(),
          new Date(slot.end).toISOString(),
          blockedUntil.toISOString(),
          buyerZone(input.timeZone),
          input.via,
          `call-${randomBytes(12).toString("hex")}@${host}`,
          now.toISOString(),
        ],
      );
      if (current.owner_id === null) {
        await tx.query("UPDATE inquiries SET owner_id = $2 WHERE id = $1", [lead.id, person.id]);
        await event(tx, lead.id, "owner", null, person.email, now);
      }
      // A booked call is the lead's first answer.
      await tx.query(
        "UPDATE inquiries SET first_response_at = coalesce(first_response_at, $2) WHERE id = $1",
        [lead.id, now.toISOString()],
      );
      const [moved] = await tx.query<{ starts_at: Date | string }>(
        `SELECT starts_at FROM meetings WHERE inquiry_id = $1 AND cancelled_at IS NOT NULL
          ORDER BY cancelled_at DESC LIMIT 1`,
        [lead.id],
      );
      await event(
        tx,
        lead.id,
        "meeting",
        moved ? new Date(moved.starts_at).toISOString() : null,
        made!.starts_at,
        now,
      );
      await emitWebhookEvent(tx, deps, "meeting.booked", {
        leadId: lead.id,
        email: lead.email,
        meeting: meetingOf(made!),
      });
      return made!;
    });
  } catch (err) {
    if (pgCode(err) === "23P01") return { status: 409, error: TAKEN, slots: await freeSlots(deps, lead) };
    if (pgCode(err) === "23505" && constraintOf(err).includes("meetings_one_live_per_lead")) {
      const booked = await liveMeeting(deps.db, lead.id);
      if (booked) return sameOr409(booked, start, input.ownerId);
    }
    throw err;
  }
  const meeting = meetingOf(row);
  deps.after(() => mailBooked(deps, row, lead, person.email));
  return { status: 201, meeting };
}

function sameOr409(m: Meeting, start: number, ownerId: number): BookingResult {
  if (Date.parse(m.start) === start && m.ownerId === ownerId) return { status: 200, meeting: m };
  return { status: 409, error: ALREADY, slots: [] };
}

/** A line of the lead's timeline: a booked, moved or cancelled call ("meeting": from → to start). */
async function event(
  tx: Db,
  inquiryId: number,
  kind: "owner" | "meeting",
  from: string | null,
  to: Date | string | null,
  at: Date,
) {
  await tx.query(
    `INSERT INTO inquiry_events (inquiry_id, kind, from_value, to_value, author_id, author_email, created_at)
     VALUES ($1, $2, $3, $4, NULL, $5, $6)`,
    [
      inquiryId,
      kind,
      from,
      to === null ? null : typeof to === "string" && kind === "owner" ? to : new Date(to).toISOString(),
      "the buyer",
      at.toISOString(),
    ],
  );
}

async function ownerZone(db: Db, ownerId: number): Promise<string> {
  const [row] = await db.query<{ time_zone: string }>(
    "SELECT time_zone FROM staff_availability WHERE user_id = $1",
    [ownerId],
  );
  return row?.time_zone ?? "Asia/Kolkata";
}

type MailDeps = Pick<Deps, "db" | "now" | "env" | "mail" | "secret" | "requestId" | "log">;

/** The invitation to the buyer (with the links to cancel or move it) and to the owner. */
async function mailBooked(deps: MailDeps, m: MeetingRow, lead: LeadRow, ownerEmail: string) {
  const { siteUrl, booking } = deps.env;
  const ics = invitation(callEvent(m, lead, ownerEmail, booking.joinInfo, deps.now()));
  const token = await meetingToken(deps, m.id, new Date(m.ends_at));
  const when = slotLabel(m.time_zone, new Date(m.starts_at));
  const ownerWhen = slotLabel(await ownerZone(deps.db, m.owner_id), new Date(m.starts_at));
  const ref = { kind: "meeting", refTable: "meetings", refId: m.id };
  await sendAndRecord(
    deps,
    {
      to: lead.email,
      subject: `Your call with ${site.name}: ${when}`,
      replyTo: ownerEmail,
      text: [
        `Hello ${lead.full_name},`,
        "",
        `Your call with ${site.name} is booked for ${when} (30 minutes or as planned).`,
        booking.joinInfo,
        "",
        "The invitation is attached for your calendar.",
        "",
        `To cancel the call: ${cancelUrl(siteUrl, token)}`,
        `To move it to another time: ${cancelUrl(siteUrl, token, true)}`,
        "",
        `${site.name}`,
      ].join("\n"),
      calendar: { method: "REQUEST", ics },
    },
    ref,
  );
  await sendAndRecord(
    deps,
    {
      to: ownerEmail,
      subject: `Call booked: lead #${lead.id} (${lead.org_name}), ${ownerWhen}`,
      text: [
        `${lead.full_name} of ${lead.org_name} booked a call with you for ${ownerWhen}.`,
        booking.joinInfo,
        "",
        `Open the lead in the dashboard (sign-in required): ${leadUrl(siteUrl, lead.id)}`,
      ].join("\n"),
      calendar: { method: "REQUEST", ics },
    },
    ref,
  );
}

/**
 * Cancels the call named by the mail's token: the slot is free again, both are sent the
 * cancellation (the same UID, METHOD:CANCEL). Cancelling twice is the same answer. Answers the
 * lead's booking link (to move the call: book again).
 */
export async function cancelMeeting(
  deps: Pick<Deps, "db" | "now" | "env" | "mail" | "secret" | "requestId" | "log" | "after" | "raise">,
  token: string,
): Promise<{ cancelled: true; bookUrl: string }> {
  const id = await verify(deps, MEETING_AUDIENCE, token, "mid");
  if (!id)
    throw new Forbidden("This link is not valid any more: the call has passed or the link is not complete.");
  const now = deps.now();
  const done = await deps.db.transaction(async (tx) => {
    const [m] = await tx.query<MeetingRow>(
      `UPDATE meetings SET cancelled_at = $2, sequence = sequence + 1
        WHERE id = $1 AND cancelled_at IS NULL RETURNING *`,
      [id, now.toISOString()],
    );
    if (!m) return undefined;
    const [lead] = await tx.query<LeadRow>("SELECT * FROM inquiries WHERE id = $1", [m.inquiry_id]);
    await event(tx, m.inquiry_id, "meeting", new Date(m.starts_at).toISOString(), null, now);
    await emitWebhookEvent(tx, deps, "meeting.cancelled", {
      leadId: m.inquiry_id,
      email: lead?.email,
      meeting: meetingOf(m),
    });
    return { m, lead };
  });
  const [row] = await deps.db.query<{ inquiry_id: number }>("SELECT inquiry_id FROM meetings WHERE id = $1", [
    id,
  ]);
  if (!row) throw new Forbidden("This call no longer exists.");
  if (done?.lead) {
    const { m, lead } = done;
    const owner = await deps.db.query<{ email: string }>("SELECT email FROM users WHERE id = $1", [
      m.owner_id,
    ]);
    deps.after(() => mailCancelled(deps, m, lead, owner[0]?.email));
  }
  return { cancelled: true, bookUrl: bookUrl(deps.env.siteUrl, await bookingToken(deps, row.inquiry_id)) };
}

async function mailCancelled(deps: MailDeps, m: MeetingRow, lead: LeadRow, ownerEmail: string | undefined) {
  const organizer = ownerEmail ?? deps.env.salesEmail;
  const ics = cancellation(callEvent(m, lead, organizer, deps.env.booking.joinInfo, deps.now()));
  const when = slotLabel(m.time_zone, new Date(m.starts_at));
  const ref = { kind: "meeting-cancel", refTable: "meetings", refId: m.id };
  const book = bookUrl(deps.env.siteUrl, await bookingToken(deps, lead.id));
  await sendAndRecord(
    deps,
    {
      to: lead.email,
      subject: `Cancelled: your call with ${site.name} on ${when}`,
      text: [
        `Hello ${lead.full_name},`,
        "",
        `Your call with ${site.name} on ${when} is cancelled.`,
        `To book another time: ${book}`,
        "",
        site.name,
      ].join("\n"),
      calendar: { method: "CANCEL", ics },
    },
    ref,
  );
  if (ownerEmail)
    await sendAndRecord(
      deps,
      {
        to: ownerEmail,
        subject: `Call cancelled: lead #${lead.id} (${lead.org_name})`,
        text: [
          `${lead.full_name} of ${lead.org_name} cancelled the call of ${slotLabel(await ownerZone(deps.db, m.owner_id), new Date(m.starts_at))}.`,
          "",
          `Open the lead: ${leadUrl(deps.env.siteUrl, lead.id)}`,
        ].join("\n"),
        calendar: { method: "CANCEL", ics },
      },
      ref,
    );
}

/**
 * The reminders, 24 hours and 1 hour before each call, each sent once: a run claims the calls due
 * with one UPDATE ... RETURNING (two runs never claim one twice). A call booked closer than a
 * reminder's time skips that reminder. Answers how many reminders were claimed.
 */
export async function remindMeetings(deps: MailDeps): Promise<{ reminded: number }> {
  const now = deps.now();
  let n = 0;
  for (const [column, hours] of [
    ["reminded_day_at", 24],
    ["reminded_hour_at", 1],
  ] as const) {
    const rows = await deps.db.query<MeetingRow>(
      `UPDATE meetings SET ${column} = $1
        WHERE cancelled_at IS NULL AND ${column} IS NULL AND starts_at > $1
          AND starts_at <= $1::timestamptz + make_interval(hours => $2)
          AND created_at <= starts_at - make_interval(hours => $2)
        RETURNING *`,
      [now.toISOString(), hours],
    );
    for (const m of rows) {
      n++;
      const [lead] = await deps.db.query<LeadRow>("SELECT * FROM inquiries WHERE id = $1", [m.inquiry_id]);
      const [owner] = await deps.db.query<{ email: string }>("SELECT email FROM users WHERE id = $1", [
        m.owner_id,
      ]);
      if (!lead || lead.anonymised_at) continue;
      const soon = hours === 24 ? "tomorrow" : "in an hour";
      const when = slotLabel(m.time_zone, new Date(m.starts_at));
      const ref = { kind: "meeting-reminder", refTable: "meetings", refId: m.id };
      const token = await meetingToken(deps, m.id, new Date(m.ends_at));
      await sendAndRecord(
        deps,
        {
          to: lead.email,
          subject: `Reminder: your call with ${site.name} ${soon}, ${when}`,
          text: [
            `Hello ${lead.full_name},`,
            "",
            `A reminder: your call with ${site.name} is ${soon}, ${when}.`,
            deps.env.booking.joinInfo,
            "",
            `To cancel it: ${cancelUrl(deps.env.siteUrl, token)}`,
            `To move it: ${cancelUrl(deps.env.siteUrl, token, true)}`,
          ].join("\n"),
        },
        ref,
      );
      if (owner)
        await sendAndRecord(
          deps,
          {
            to: owner.email,
            subject: `Reminder: call with lead #${lead.id} (${lead.org_name}) ${soon}`,
            text: [
              `Your call with ${lead.full_name} of ${lead.org_name} is ${soon}, ${slotLabel(await ownerZone(deps.db, m.owner_id), new Date(m.starts_at))}.`,
              `Open the lead: ${leadUrl(deps.env.siteUrl, lead.id)}`,
            ].join("\n"),
          },
          ref,
        );
    }
  }
  return { reminded: n };
}

/** A member's private feed (/api/calendar/{token}.ics): their calls from 30 days ago on. */
export async function calendarFeed(deps: Pick<Deps, "db" | "now" | "env">, token: string): Promise<string> {
  const ownerId = await calendarOwner(deps.db, token);
  if (!ownerId)
    throw new Forbidden(
      "This calendar address is not valid any more; copy the new one from My availability.",
    );
  const [owner] = await deps.db.query<{ email: string }>("SELECT email FROM users WHERE id = $1", [ownerId]);
  const rows = await deps.db.query<MeetingRow & LeadRow>(
    `SELECT m.*, i.email, i.full_name, i.org_name FROM meetings m JOIN inquiries i ON i.id = m.inquiry_id
      WHERE m.owner_id = $1 AND m.cancelled_at IS NULL AND m.ends_at > $2 AND i.anonymised_at IS NULL
      ORDER BY m.starts_at`,
    [ownerId, new Date(deps.now().getTime() - 30 * 86_400_000).toISOString()],
  );
  return feed(
    `${site.name}: calls`,
    rows.map((r) => ({
      ...callEvent(r, r, owner?.email ?? deps.env.salesEmail, deps.env.booking.joinInfo, deps.now()),
      summary: `Call: ${r.full_name} (${r.org_name})`,
      description: `Lead #${r.inquiry_id}: ${leadUrl(deps.env.siteUrl, r.inquiry_id)}`,
    })),
  );
}

/** The call a cancel link names, for its page: when (in the buyer's zone), and whether it is still on. */
export async function meetingOfToken(
  deps: Pick<Deps, "db" | "now" | "secret">,
  token: string | undefined,
): Promise<{ start: string; timeZone: string; cancelled: boolean } | undefined> {
  const id = await verify(deps, MEETING_AUDIENCE, token, "mid");
  if (!id) return undefined;
  const [m] = await deps.db.query<MeetingRow>("SELECT * FROM meetings WHERE id = $1", [id]);
  if (!m) return undefined;
  return {
    start: new Date(m.starts_at).toISOString(),
    timeZone: m.time_zone,
    cancelled: m.cancelled_at !== null,
  };
}
