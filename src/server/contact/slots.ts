/**
 * Free times of staff members, computed from their weekly hours in their own time zone, their days
 * off and their booked calls. Pure: no database, no clock (both are given), so the tests fix the
 * clock across the changes to and from daylight time and across midnight.
 *
 * A call at `s` keeps its owner busy over [s, s + length + buffer), as the meetings table's
 * exclusion constraint does (db/019): a time offered here is exactly one the database accepts.
 */
import type { Availability } from "../../shared/booking/availability";
import { isoDate, offsetMinutes, wallToInstant } from "../../shared/booking/zoned";

/** Busy time of one owner: [start, until) in ms, sorted by start and not overlapping. */
export interface Busy {
  start: number;
  until: number;
}

export interface OwnerWeek {
  ownerId: number;
  availability: Pick<Availability, "timeZone" | "weekly" | "daysOff" | "meetingMinutes" | "bufferMinutes">;
  busy: readonly Busy[];
}

export interface FreeSlot {
  start: number;
  end: number;
  ownerId: number;
}

const MINUTE = 60_000;
const DAY_MS = 86_400_000;

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The first busy range ending after `t` (binary search over ranges sorted by start and until). */
function firstEndingAfter(busy: readonly Busy[], t: number): number {
  let lo = 0;
  let hi = busy.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (busy[mid]!.until > t) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Whether [start, until) is free of the owner's busy ranges. */
export function isFree(busy: readonly Busy[], start: number, until: number): boolean {
  const i = firstEndingAfter(busy, start);
  return i >= busy.length || busy[i]!.start >= until;
}

/**
 * One owner's free slots starting in [from, to): each working range is cut into calls of the
 * owner's length, one after another with the buffer between them. A range belongs to the day it
 * starts on: a day off removes the ranges that start on it.
 */
export function ownerSlots(week: OwnerWeek, from: number, to: number): FreeSlot[] {
  const { timeZone, weekly, daysOff, meetingMinutes, bufferMinutes } = week.availability;
  const length = meetingMinutes * MINUTE;
  const step = (meetingMinutes + bufferMinutes) * MINUTE;
  const off = new Set(daysOff);
  const out: FreeSlot[] = [];
  // From the day before `from` (its ranges may run past midnight) to the day of `to`.
  const localDay = (ms: number) => {
    const local = ms + offsetMinutes(timeZone, ms) * MINUTE;
    return local - (((local % DAY_MS) + DAY_MS) % DAY_MS);
  };
  const firstDay = localDay(from) - DAY_MS;
  const lastDay = localDay(to);
  for (let day = firstDay; day <= lastDay; day += DAY_MS) {
    const d = new Date(day);
    const [y, m, dd] = [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
    if (off.size && off.has(isoDate(y, m, dd))) continue;
    const ranges = weekly[(d.getUTCDay() + 6) % 7] ?? [];
    for (const r of ranges) {
      const startMin = toMinutes(r.start);
      let endMin = toMinutes(r.end);
      if (endMin <= startMin) endMin += 1440;
      const rangeStart = wallToInstant(timeZone, y, m, dd, startMin);
      const rangeEnd = wallToInstant(timeZone, y, m, dd, endMin);
      for (let s = rangeStart; s + length <= rangeEnd; s += step) {
        if (s < from) continue;
        if (s >= to) break;
        if (isFree(week.busy, s, s + length + bufferMinutes * MINUTE))
          out.push({ start: s, end: s + length, ownerId: week.ownerId });
      }
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

/**
 * The slots a buyer is offered: every owner's, by time; where several owners are free at one
 * time, the first of them in the given order takes it (the order is the round robin's).
 */
export function offeredSlots(weeks: readonly OwnerWeek[], from: number, to: number): FreeSlot[] {
  const byStart = new Map<number, FreeSlot>();
  for (const week of weeks)
    for (const slot of ownerSlots(week, from, to))
      if (!byStart.has(slot.start)) byStart.set(slot.start, slot);
  return [...byStart.values()].sort((a, b) => a.start - b.start);
}
