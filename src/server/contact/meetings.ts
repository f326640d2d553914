/**
 * A booked call as the booking, its mails and the calendar feeds read it: the meetings table's row,
 * the lead's fields a call names, the call as the API answers it, and as a calendar event.
 */
import { site } from "../../config/site";
import type { Meeting } from "../../shared/booking/availability";
import type { Db } from "../platform/db/db";
import type { CallEvent } from "./ical";

export interface LeadRow {
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

export interface MeetingRow {
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

export const meetingOf = (r: MeetingRow): Meeting => ({
  id: r.id,
  start: new Date(r.starts_at).toISOString(),
  end: new Date(r.ends_at).toISOString(),
  ownerId: r.owner_id,
  timeZone: r.time_zone,
});

/** The call's event, for both invitations and the feed. */
export function callEvent(
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

/** The zone the call's member keeps their hours in (My availability), for the mails to them. */
export async function ownerZone(db: Db, ownerId: number): Promise<string> {
  const [row] = await db.query<{ time_zone: string }>(
    "SELECT time_zone FROM staff_availability WHERE user_id = $1",
    [ownerId],
  );
  return row?.time_zone ?? "Asia/Kolkata";
}
