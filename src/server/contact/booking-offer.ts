/**
 * What a buyer may book: whose lead a booking link or the thank-you page's grant opens, and the
 * slots offered for it (its owner's free times, or its assignment rule's members'), in the
 * buyer's zone. The booking itself and its cancellation are in ./booking.ts.
 */
import type { Meeting, Slot } from "../../shared/booking/availability";
import { isTimeZone } from "../../shared/booking/zoned";
import type { Deps } from "../common/deps";
import { Forbidden } from "../common/errors";
import type { Db } from "../platform/db/db";
import { readAck } from "./ack";
import { loadWeeks } from "./availability";
import { inquiryOfBookingToken, type TokenDeps } from "./booking-tokens";
import { leadOwner } from "./lead-owners";
import { meetingOf, type LeadRow, type MeetingRow } from "./meetings";
import { ruleMembersFor } from "./routing";
import { offeredSlots, type FreeSlot } from "./slots";

/** The buyers' zone when their browser names none (the company sells to US businesses). */
export const DEFAULT_BUYER_TIME_ZONE = "America/New_York";

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
    const id = await inquiryOfBookingToken(deps, creds.token);
    if (id) return id;
    throw new Forbidden(NO_ACCESS);
  }
  const grant = await readAck(deps, creds.ackToken);
  if (grant && !grant.leaving && grant.inquiryId > 0) return grant.inquiryId;
  throw new Forbidden(NO_ACCESS);
}

export async function leadFor(db: Db, inquiryId: number, lock = false): Promise<LeadRow> {
  const [lead] = await db.query<LeadRow>(
    `SELECT id, email, full_name, org_name, company_size, budget, owner_id, merged_into, anonymised_at
       FROM inquiries WHERE id = $1${lock ? " FOR UPDATE" : ""}`,
    [inquiryId],
  );
  if (!lead || lead.anonymised_at) throw new Forbidden(NO_ACCESS);
  return lead;
}

/** Who may take this lead's call: its owner, or (unowned) the members of its assignment rule. */
export async function candidatesFor(db: Db, lead: LeadRow): Promise<{ id: number; email: string }[]> {
  const owner = await leadOwner(db, lead.owner_id);
  if (owner) return [owner];
  return ruleMembersFor(db, { companySize: lead.company_size, budget: lead.budget });
}

/** The window slots are offered in: from the minimum notice to BOOKING_DAYS_AHEAD days. */
export function offerWindow(deps: Pick<Deps, "now" | "env">) {
  const now = deps.now().getTime();
  const { minNoticeMinutes, daysAhead } = deps.env.booking;
  return { from: new Date(now + minNoticeMinutes * 60_000), to: new Date(now + daysAhead * 86_400_000) };
}

const slotOf = (s: FreeSlot): Slot => ({
  start: new Date(s.start).toISOString(),
  end: new Date(s.end).toISOString(),
  ownerId: s.ownerId,
});

export async function freeSlots(deps: Pick<Deps, "db" | "now" | "env">, lead: LeadRow): Promise<Slot[]> {
  const { from, to } = offerWindow(deps);
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

export async function liveMeeting(db: Db, inquiryId: number): Promise<Meeting | null> {
  const [row] = await db.query<MeetingRow>(
    "SELECT * FROM meetings WHERE inquiry_id = $1 AND cancelled_at IS NULL",
    [inquiryId],
  );
  return row ? meetingOf(row) : null;
}
