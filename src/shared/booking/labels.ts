/**
 * Slot times named in words in a chosen time zone, with Intl only (the island loads this):
 * "Tuesday 3 March" and "10:00 EST".
 */

/**
 * One formatter per zone and kind, made once: making one costs far more than using it (the
 * thank-you page labels a fortnight of slots, two zone names each, in one render).
 */
const cache = new Map<string, Intl.DateTimeFormat>();

function format(
  timeZone: string,
  key: string,
  opts: Intl.DateTimeFormatOptions,
  locale = "en-GB",
): Intl.DateTimeFormat {
  const k = `${timeZone}|${key}`;
  let f = cache.get(k);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { timeZone, ...opts });
    cache.set(k, f);
  }
  return f;
}

/** "Tuesday 3 March" */
export function dayLabel(timeZone: string, at: Date | number): string {
  return format(timeZone, "day", { weekday: "long", day: "numeric", month: "long" })
    .format(at)
    .replace(",", "");
}

/** "Tue 3 Mar" */
export function shortDayLabel(timeZone: string, at: Date | number): string {
  return format(timeZone, "short", { weekday: "short", day: "numeric", month: "short" })
    .format(at)
    .replace(",", "");
}

/** The zone's short name at that time ("EST", "EDT", "GMT+5:30"), as en-US writes it. */
export function zoneLabel(timeZone: string, at: Date | number): string {
  const parts = format(timeZone, "zone", { timeZoneName: "short" }, "en-US").formatToParts(at);
  return parts.find((p) => p.type === "timeZoneName")?.value ?? timeZone;
}

/** "10:00 EST" */
export function timeLabel(timeZone: string, at: Date | number): string {
  const hm = format(timeZone, "time", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(at);
  return `${hm} ${zoneLabel(timeZone, at)}`;
}

/** "Tuesday 3 March, 10:00 EST" */
export function slotLabel(timeZone: string, at: Date | number): string {
  return `${dayLabel(timeZone, at)}, ${timeLabel(timeZone, at)}`;
}

/** Slots grouped by their day in the zone, in order. */
export function byDay<T extends { start: string }>(
  timeZone: string,
  slots: readonly T[],
): { day: string; slots: T[] }[] {
  const groups: { day: string; slots: T[] }[] = [];
  for (const s of slots) {
    const day = dayLabel(timeZone, new Date(s.start));
    const last = groups[groups.length - 1];
    if (last && last.day === day) last.slots.push(s);
    else groups.push({ day, slots: [s] });
  }
  return groups;
}

/** The zones a buyer may pick for the times, besides their own: the US's, the owners' and a few others. */
export const BUYER_ZONES: readonly string[] = [
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Phoenix",
  "America/Los_Angeles",
  "America/Anchorage",
  "Pacific/Honolulu",
  "America/Toronto",
  "Europe/London",
  "Europe/Berlin",
  "Asia/Dubai",
  "Asia/Kolkata",
  "Asia/Singapore",
  "Australia/Sydney",
];

/** The zones to offer: the buyer's own first when it is not among BUYER_ZONES. */
export const zonesFor = (zone: string | undefined): readonly string[] =>
  !zone || BUYER_ZONES.includes(zone) ? BUYER_ZONES : [zone, ...BUYER_ZONES];

/** A zone's name as a person reads it: "America/New York". */
export const zoneName = (zone: string): string => zone.replace(/_/g, " ");
