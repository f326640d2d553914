/**
 * "My availability": a lead owner's time zone, weekly hours, days off and call length, and the
 * secret of their private calendar feed. Read by the slot computation (slots.ts).
 */
import { randomBytes } from "node:crypto";
import {
  DEFAULT_MEETING_MINUTES,
  rangesText,
  type Availability,
  type MyAvailability,
} from "../../shared/booking/availability";
import { recordAudit, type Actor } from "../common/audit";
import type { Deps } from "../common/deps";
import type { Db } from "../platform/db/db";
import type { Busy, OwnerWeek } from "./slots";

/** Where the owners of this company work when they have said nothing yet (Chennai). */
export const DEFAULT_TIME_ZONE = "Asia/Kolkata";

interface AvailabilityRow {
  user_id: number;
  time_zone: string;
  weekly: Availability["weekly"];
  days_off: (string | Date)[];
  meeting_minutes: number;
  buffer_minutes: number;
  calendar_token: string;
  [k: string]: unknown;
}

const dateOnly = (d: string | Date) =>
  typeof d === "string" ? d.slice(0, 10) : d.toISOString().slice(0, 10);

function availabilityOf(r: AvailabilityRow): Availability {
  return {
    timeZone: r.time_zone,
    weekly: r.weekly,
    daysOff: r.days_off.map(dateOnly).sort(),
    meetingMinutes: r.meeting_minutes,
    bufferMinutes: r.buffer_minutes,
  };
}

export const EMPTY_AVAILABILITY: Availability = {
  timeZone: DEFAULT_TIME_ZONE,
  weekly: [[], [], [], [], [], [], []],
  daysOff: [],
  meetingMinutes: DEFAULT_MEETING_MINUTES,
  bufferMinutes: 0,
};

const newToken = () => randomBytes(24).toString("base64url");

/** The feed's address: /api/calendar/{token}.ics */
export const feedUrl = (siteUrl: string, token: string) => `${siteUrl}/api/calendar/${token}.ics`;

const shown = (a: Availability, calendarUrl: string | null): MyAvailability => ({
  ...a,
  weekly: a.weekly.map(rangesText),
  calendarUrl,
});

export async function getAvailability(
  deps: Pick<Deps, "db" | "env">,
  userId: number,
): Promise<MyAvailability> {
  const [row] = await deps.db.query<AvailabilityRow>("SELECT * FROM staff_availability WHERE user_id = $1", [
    userId,
  ]);
  if (!row) return shown(EMPTY_AVAILABILITY, null);
  return shown(availabilityOf(row), feedUrl(deps.env.siteUrl, row.calendar_token));
}

export async function saveAvailability(
  deps: Pick<Deps, "db" | "env" | "now">,
  actor: Actor,
  userId: number,
  a: Availability,
): Promise<MyAvailability> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO staff_availability (user_id, time_zone, weekly, days_off, meeting_minutes, buffer_minutes,
                                       calendar_token, updated_at)
       VALUES ($1, $2, $3::jsonb, $4::date[], $5, $6, $7, $8)
       ON CONFLICT (user_id) DO UPDATE SET time_zone = $2, weekly = $3::jsonb, days_off = $4::date[],
         meeting_minutes = $5, buffer_minutes = $6, updated_at = $8`,
      [
        userId,
        a.timeZone,
        JSON.stringify(a.weekly),
        [...new Set(a.daysOff)],
        a.meetingMinutes,
        a.bufferMinutes,
        newToken(),
        now.toISOString(),
      ],
    );
    await recordAudit({ db: tx, now: () => now }, actor, {
      action: "availability.update",
      entity: "user",
      entityId: userId,
      changes: { timeZone: [null, a.timeZone], meetingMinutes: [null, a.meetingMinutes] },
    });
  });
  return getAvailability(deps, userId);
}

/** A new secret for the member's calendar feed: the old address stops working. */
export async function renewCalendarToken(
  deps: Pick<Deps, "db" | "env" | "now">,
  actor: Actor,
  userId: number,
): Promise<{ calendarUrl: string }> {
  const token = newToken();
  await deps.db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO staff_availability (user_id, time_zone, calendar_token, updated_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id) DO UPDATE SET calendar_token = $3, updated_at = $4`,
      [userId, DEFAULT_TIME_ZONE, token, deps.now().toISOString()],
    );
    // The old address stops working: recorded, never the secret itself.
    await recordAudit({ db: tx, now: deps.now }, actor, {
      action: "availability.feed_renewed",
      entity: "user",
      entityId: userId,
    });
  });
  return { calendarUrl: feedUrl(deps.env.siteUrl, token) };
}

/** The member a calendar feed's secret belongs to. */
export async function calendarOwner(db: Db, token: string): Promise<number | undefined> {
  if (!/^[A-Za-z0-9_-]{32,64}$/.test(token)) return undefined;
  const rows = await db.query<{ user_id: number }>(
    "SELECT user_id FROM staff_availability WHERE calendar_token = $1",
    [token],
  );
  return rows[0]?.user_id;
}

/**
 * The weeks of these owners (in the given order) and their busy times in [from, to): two queries
 * whatever the number of owners. An owner who never set their hours offers nothing.
 */
export async function loadWeeks(
  db: Db,
  ownerIds: readonly number[],
  from: Date,
  to: Date,
): Promise<OwnerWeek[]> {
  if (!ownerIds.length) return [];
  const [rows, busy] = await Promise.all([
    db.query<AvailabilityRow>("SELECT * FROM staff_availability WHERE user_id = ANY($1::int[])", [ownerIds]),
    db.query<{ owner_id: number; starts_at: Date | string; blocked_until: Date | string }>(
      `SELECT owner_id, starts_at, blocked_until FROM meetings
        WHERE cancelled_at IS NULL AND owner_id = ANY($1::int[]) AND blocked_until > $2 AND starts_at < $3
        ORDER BY owner_id, starts_at`,
      [ownerIds, from.toISOString(), to.toISOString()],
    ),
  ]);
  const byOwner = new Map<number, Busy[]>();
  for (const b of busy) {
    const list = byOwner.get(b.owner_id) ?? [];
    list.push({ start: new Date(b.starts_at).getTime(), until: new Date(b.blocked_until).getTime() });
    byOwner.set(b.owner_id, list);
  }
  const found = new Map(rows.map((r) => [r.user_id, r]));
  return ownerIds.flatMap((id) => {
    const r = found.get(id);
    return r ? [{ ownerId: id, availability: availabilityOf(r), busy: byOwner.get(id) ?? [] }] : [];
  });
}
