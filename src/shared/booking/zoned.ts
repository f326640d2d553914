/**
 * Wall-clock time in an IANA time zone, with the platform's own time-zone data (Intl): no
 * library, so the browser's island can use it too. Instants are milliseconds since the epoch.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formats.set(timeZone, f);
  }
  return f;
}

/** Whether the platform knows this IANA time zone ("Asia/Kolkata", "America/New_York"). */
export function isTimeZone(timeZone: string): boolean {
  if (!timeZone || timeZone.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(timeZone)) return false;
  try {
    partsFormat(timeZone);
    return true;
  } catch {
    return false;
  }
}

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock reading of an instant in a time zone. */
export function wallOf(timeZone: string, ms: number): WallTime {
  const w: WallTime = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const p of partsFormat(timeZone).formatToParts(ms))
    if (p.type in w) w[p.type as keyof WallTime] = Number(p.value);
  return w;
}

/**
 * Offsets by zone and quarter hour: every zone changes its offset on a quarter hour of UTC, so
 * one reading holds for the whole quarter. Bounded; cleared when full.
 */
const QUARTER_MS = 900_000;
const offsets = new Map<string, Map<number, number>>();

/** The zone's offset from UTC at an instant, in minutes (Asia/Kolkata: 330; New York in winter: -300). */
export function offsetMinutes(timeZone: string, ms: number): number {
  const quarter = Math.floor(ms / QUARTER_MS);
  let zone = offsets.get(timeZone);
  if (!zone) offsets.set(timeZone, (zone = new Map()));
  const known = zone.get(quarter);
  if (known !== undefined) return known;
  const at = quarter * QUARTER_MS;
  const w = wallOf(timeZone, at);
  const offset = Math.round((Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - at) / 60_000);
  if (zone.size >= 50_000) zone.clear();
  zone.set(quarter, offset);
  return offset;
}

const DAY_MS = 86_400_000;

/**
 * The instant of a local date's wall time, `minutes` after its midnight (may pass 1440: the next
 * day's). A time the clocks skip (a change to daylight time) moves on by the gap; a time they pass
 * twice (the change back) is the earlier of the two.
 */
export function wallToInstant(
  timeZone: string,
  year: number,
  month: number,
  day: number,
  minutes: number,
): number {
  const wall = Date.UTC(year, month - 1, day) + minutes * 60_000;
  const before = wall - offsetMinutes(timeZone, wall - DAY_MS) * 60_000;
  const after = wall - offsetMinutes(timeZone, wall + DAY_MS) * 60_000;
  if (before === after) return before;
  const fits = [before, after].filter((t) => t + offsetMinutes(timeZone, t) * 60_000 === wall);
  return fits.length ? Math.min(...fits) : Math.max(before, after);
}

/** A civil date as YYYY-MM-DD. */
export function isoDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}
