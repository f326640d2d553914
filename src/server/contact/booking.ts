/**
 * Calls booked by buyers with their lead's owner: the booking of a slot offered right after the
 * contact form (/ack, with the thank-you page's grant) or from the acknowledgement mail's link
 * (/book?token=), and its cancellation from the buyer's mail. What is offered, and to whom, is in
 * ./booking-offer.ts; the signed links in ./booking-tokens.ts, the mails and reminders in
 * ./meeting-mail.ts, the members' calendar feeds in ./calendar-feed.ts.
 *
 * Exactly one booking wins a slot: the INSERT meets the meetings table's exclusion constraint
 * (db/019), never a read-then-write; the loser is told the slot was just taken, with fresh slots.
 * An owner's bookings take turns (a transaction lock per owner), so the constraint never waits on
 * a booking still in progress.
 */
import { randomBytes } from "node:crypto";
import type { Meeting, Slot } from "../../shared/booking/availability";
import type { Deps } from "../common/deps";
import { Forbidden, Invalid } from "../common/errors";
import { emitWebhookEvent } from "../common/webhooks/events";
import type { Db } from "../platform/db/db";
import { loadWeeks } from "./availability";
import { buyerZone, candidatesFor, freeSlots, leadFor, liveMeeting, offerWindow } from "./booking-offer";
import { bookingToken, bookUrl, meetingOfMeetingToken } from "./booking-tokens";
import { mailBooked, mailCancelled } from "./meeting-mail";
import { meetingOf, type LeadRow, type MeetingRow } from "./meetings";
import { ownerSlots } from "./slots";

export type BookingResult =
  { status: 201 | 200; meeting: Meeting } | { status: 409; error: string; slots: Slot[] };

export const TAKEN = "Sorry, that time was just taken. Please choose another.";
/** How long an offered time may have passed into the minimum notice and still be answered as gone. */
const STALE_OFFER_MS = 30 * 60_000;
export const TOO_SOON = "Sorry, that time is now too soon to book. Please choose another.";
export const ALREADY =
  "You have already booked a call. To choose another time, cancel it with the link in its mail, then book again.";

const pgCode = (err: unknown) => (err as { code?: string }).code;
const constraintOf = (err: unknown) => (err as { constraint?: string }).constraint ?? String(err);

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
  const { from, to } = offerWindow(deps);
  const [week] = person ? await loadWeeks(deps.db, [person.id], from, to) : [];
  if (!person || !week) throw new Invalid("Choose one of the offered times.");
  const slot = ownerSlots(week, from.getTime(), to.getTime()).find((s) => s.start === start);
  const now = deps.now();
  if (!slot) {
    // A time of this member's hours that is busy now was just taken; one offered a while ago that
    // has since come closer than the minimum notice is gone too: either way, fresh times. Any
    // other time (earlier still, or outside the hours) is not a slot.
    const hours = ownerSlots({ ...week, busy: [] }, from.getTime() - STALE_OFFER_MS, to.getTime());
    if (hours.some((s) => s.start === start))
      return {
        status: 409,
        error: start >= from.getTime() ? TAKEN : TOO_SOON,
        slots: await freeSlots(deps, lead),
      };
    throw new Invalid("Choose one of the offered times.");
  }
  const blockedUntil = new Date(slot.end + week.availability.bufferMinutes * 60_000);
  const host = new URL(deps.env.siteUrl).hostname;
  let row: MeetingRow;
  try {
    row = await deps.db.transaction(async (tx) => {
      // One booking of an owner at a time. Two INSERTs that meet the exclusion constraint while
      // both are still in progress each wait for the other (PostgreSQL checks an exclusion
      // constraint after writing the row): a deadlock, which the server breaks after a second by
      // failing one of them, while the waiting bookings hold their connections. In turn, the
      // second booking finds the first one committed and is refused at once (a 409).
      await tx.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`meeting-owner:${person.id}`]);
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

/**
 * Cancels the call named by the mail's token: the slot is free again, both are sent the
 * cancellation (the same UID, METHOD:CANCEL). Cancelling twice is the same answer. Answers the
 * lead's booking link (to move the call: book again).
 */
export async function cancelMeeting(
  deps: Pick<Deps, "db" | "now" | "env" | "mail" | "secret" | "requestId" | "log" | "after" | "raise">,
  token: string,
): Promise<{ cancelled: true; bookUrl: string }> {
  const id = await meetingOfMeetingToken(deps, token);
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

/** The call a cancel link names, for its page: when (in the buyer's zone), and whether it is still on. */
export async function meetingOfToken(
  deps: Pick<Deps, "db" | "now" | "secret">,
  token: string | undefined,
): Promise<{ start: string; timeZone: string; cancelled: boolean } | undefined> {
  const id = await meetingOfMeetingToken(deps, token);
  if (!id) return undefined;
  const [m] = await deps.db.query<MeetingRow>("SELECT * FROM meetings WHERE id = $1", [id]);
  if (!m) return undefined;
  return {
    start: new Date(m.starts_at).toISOString(),
    timeZone: m.time_zone,
    cancelled: m.cancelled_at !== null,
  };
}
