/** The members' private calendar feeds (/api/calendar/{token}.ics). */
import { site } from "../../config/site";
import type { Deps } from "../common/deps";
import { Forbidden } from "../common/errors";
import { calendarOwner } from "./availability";
import { feed } from "./ical";
import { callEvent, type LeadRow, type MeetingRow } from "./meetings";
import { leadUrl } from "./sales-mail";

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
