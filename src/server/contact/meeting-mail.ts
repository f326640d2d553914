/**
 * The mails of a booked call: the invitations (RFC 5545 METHOD:REQUEST, with the buyer's links to
 * cancel or move it), the cancellations (METHOD:CANCEL, the same UID) and the reminders 24 hours
 * and 1 hour before, to the buyer and to the call's member.
 */
import { site } from "../../config/site";
import { slotLabel } from "../../shared/booking/labels";
import type { Deps } from "../common/deps";
import { sendAndRecord } from "../common/notify";
import { bookingToken, bookUrl, cancelUrl, meetingToken } from "./booking-tokens";
import { cancellation, invitation } from "./ical";
import { callEvent, ownerZone, type LeadRow, type MeetingRow } from "./meetings";
import { leadUrl } from "./sales-mail";

export type MailDeps = Pick<Deps, "db" | "now" | "env" | "mail" | "secret" | "requestId" | "log">;

/** The invitation to the buyer (with the links to cancel or move it) and to the owner. */
export async function mailBooked(deps: MailDeps, m: MeetingRow, lead: LeadRow, ownerEmail: string) {
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

/** The cancellation to the buyer (with the link to book again) and to the owner. */
export async function mailCancelled(
  deps: MailDeps,
  m: MeetingRow,
  lead: LeadRow,
  ownerEmail: string | undefined,
) {
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
