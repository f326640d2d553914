/**
 * Slot computation with a fixed clock: across the US change to daylight time (2027-03-14) and
 * back (2026-11-01), and working hours that run past midnight in Asia/Kolkata.
 */
import { describe, expect, it } from "vitest";
import { offeredSlots, ownerSlots, type OwnerWeek } from "../../src/server/contact/slots";
import { slotLabel, timeLabel } from "../../src/shared/booking/labels";
import { wallToInstant } from "../../src/shared/booking/zoned";

const iso = (ms: number) => new Date(ms).toISOString();
const at = (s: string) => Date.parse(s);
const none: never[] = [];

function week(
  timeZone: string,
  days: Partial<Record<number, [string, string][]>>,
  more: Partial<OwnerWeek["availability"]> = {},
  ownerId = 1,
): OwnerWeek {
  const weekly = Array.from({ length: 7 }, (_, i) => (days[i] ?? []).map(([start, end]) => ({ start, end })));
  return {
    ownerId,
    availability: { timeZone, weekly, daysOff: [], meetingMinutes: 30, bufferMinutes: 0, ...more },
    busy: none,
  };
}

describe("working hours across midnight in Asia/Kolkata", () => {
  const evenings = week("Asia/Kolkata", { 0: [["18:30", "02:30"]], 6: [["18:30", "02:30"]] });

  it("cuts Monday 18:30 to Tuesday 02:30 IST into 16 calls, 13:00Z to 20:30Z", () => {
    const slots = ownerSlots(evenings, at("2026-11-30T00:00:00Z"), at("2026-12-01T00:00:00Z"));
    const monday = slots.filter((s) => s.start >= at("2026-11-30T12:00:00Z"));
    expect(monday).toHaveLength(16);
    expect(iso(monday[0]!.start)).toBe("2026-11-30T13:00:00.000Z");
    expect(iso(monday.at(-1)!.start)).toBe("2026-11-30T20:30:00.000Z");
    expect(iso(monday.at(-1)!.end)).toBe("2026-11-30T21:00:00.000Z");
  });

  it("keeps Sunday's range past midnight when Monday is a day off; drops Monday's own", () => {
    const off = { ...evenings, availability: { ...evenings.availability, daysOff: ["2026-11-30"] } };
    const slots = ownerSlots(off, at("2026-11-29T00:00:00Z"), at("2026-12-01T00:00:00Z"));
    // Sunday 18:30 IST (13:00Z) to Monday 02:30 IST (21:00Z Sunday): kept.
    expect(slots.map((s) => iso(s.start))).toContain("2026-11-29T20:30:00.000Z");
    expect(slots.some((s) => s.start >= at("2026-11-30T12:00:00Z"))).toBe(false);
    expect(slots).toHaveLength(16);
  });

  it("a range that started yesterday still offers its times after `from`", () => {
    // From Monday 00:00 IST (Sunday 18:30Z): Sunday's range runs to Monday 02:30 IST.
    const slots = ownerSlots(evenings, at("2026-11-29T18:30:00Z"), at("2026-11-29T21:00:00Z"));
    expect(slots.map((s) => iso(s.start))).toEqual([
      "2026-11-29T18:30:00.000Z",
      "2026-11-29T19:00:00.000Z",
      "2026-11-29T19:30:00.000Z",
      "2026-11-29T20:00:00.000Z",
      "2026-11-29T20:30:00.000Z",
    ]);
  });

  it("leaves out a booked call with its buffer, as the database's constraint does", () => {
    const w = { ...evenings, availability: { ...evenings.availability, bufferMinutes: 15 } };
    const busy = [{ start: at("2026-11-30T14:00:00Z"), until: at("2026-11-30T14:45:00Z") }];
    const slots = ownerSlots({ ...w, busy }, at("2026-11-30T12:00:00Z"), at("2026-11-30T16:00:00Z"));
    // Steps of 45 minutes from 13:00Z: 13:00, 13:45 (would run into 14:00 with its buffer), 14:30, 15:15.
    expect(slots.map((s) => iso(s.start))).toEqual(["2026-11-30T13:00:00.000Z", "2026-11-30T15:15:00.000Z"]);
  });
});

describe("the US change to daylight time, 2027-03-14", () => {
  const ny = week("America/New_York", {
    4: [["09:00", "10:00"]],
    0: [["09:00", "10:00"]],
    6: [["00:00", "04:00"]],
  });

  it("a New York owner's 09:00 is 14:00Z on Friday and 13:00Z on Monday", () => {
    const slots = ownerSlots(ny, at("2027-03-12T00:00:00Z"), at("2027-03-16T00:00:00Z"));
    const starts = slots.map((s) => iso(s.start));
    expect(starts).toContain("2027-03-12T14:00:00.000Z");
    expect(starts).toContain("2027-03-15T13:00:00.000Z");
    expect(starts).not.toContain("2027-03-15T14:00:00.000Z");
  });

  it("Sunday 00:00-04:00 holds three hours (the clocks skip 02:00-03:00), none at a skipped time", () => {
    const slots = ownerSlots(ny, at("2027-03-14T00:00:00Z"), at("2027-03-15T00:00:00Z"));
    expect(slots).toHaveLength(6);
    expect(iso(slots[0]!.start)).toBe("2027-03-14T05:00:00.000Z");
    expect(iso(slots.at(-1)!.end)).toBe("2027-03-14T08:00:00.000Z");
    expect(slots.map((s) => timeLabel("America/New_York", s.start))).toEqual([
      "00:00 EST",
      "00:30 EST",
      "01:00 EST",
      "01:30 EST",
      "03:00 EDT",
      "03:30 EDT",
    ]);
  });

  it("a wall time the clocks skip moves on by the gap", () => {
    expect(iso(wallToInstant("America/New_York", 2027, 3, 14, 150))).toBe("2027-03-14T07:30:00.000Z");
  });

  it("a Kolkata owner's evening stays put in UTC while the buyer's New York clock moves", () => {
    const kolkata = week("Asia/Kolkata", { 4: [["18:30", "19:00"]], 0: [["18:30", "19:00"]] });
    const slots = ownerSlots(kolkata, at("2027-03-12T00:00:00Z"), at("2027-03-16T00:00:00Z"));
    expect(slots.map((s) => iso(s.start))).toEqual(["2027-03-12T13:00:00.000Z", "2027-03-15T13:00:00.000Z"]);
    expect(slots.map((s) => slotLabel("America/New_York", s.start))).toEqual([
      "Friday 12 March, 08:00 EST",
      "Monday 15 March, 09:00 EDT",
    ]);
  });
});

describe("the US change back to standard time, 2026-11-01", () => {
  it("Sunday 00:00-04:00 holds five hours (01:00-02:00 comes twice)", () => {
    const ny = week("America/New_York", { 6: [["00:00", "04:00"]] });
    const slots = ownerSlots(ny, at("2026-11-01T00:00:00Z"), at("2026-11-02T00:00:00Z"));
    expect(slots).toHaveLength(10);
    expect(iso(slots[0]!.start)).toBe("2026-11-01T04:00:00.000Z");
    expect(iso(slots.at(-1)!.end)).toBe("2026-11-01T09:00:00.000Z");
    expect(slots.map((s) => timeLabel("America/New_York", s.start)).slice(2, 6)).toEqual([
      "01:00 EDT",
      "01:30 EDT",
      "01:00 EST",
      "01:30 EST",
    ]);
  });

  it("a buyer in New York sees Monday's Kolkata evening an hour earlier than the Friday before", () => {
    const kolkata = week("Asia/Kolkata", { 4: [["19:30", "20:00"]], 0: [["19:30", "20:00"]] });
    const slots = ownerSlots(kolkata, at("2026-10-30T00:00:00Z"), at("2026-11-03T00:00:00Z"));
    expect(slots.map((s) => slotLabel("America/New_York", s.start))).toEqual([
      "Friday 30 October, 10:00 EDT",
      "Monday 2 November, 09:00 EST",
    ]);
  });
});

describe("several owners", () => {
  it("offers each time once, to the first free owner in turn", () => {
    const a = week("Asia/Kolkata", { 0: [["18:30", "19:30"]] }, {}, 7);
    const b = week("Asia/Kolkata", { 0: [["18:30", "20:00"]] }, {}, 8);
    const busyA = { ...a, busy: [{ start: at("2026-11-30T13:00:00Z"), until: at("2026-11-30T13:30:00Z") }] };
    const slots = offeredSlots([busyA, b], at("2026-11-30T00:00:00Z"), at("2026-12-01T00:00:00Z"));
    expect(slots.map((s) => [iso(s.start).slice(11, 16), s.ownerId])).toEqual([
      ["13:00", 8],
      ["13:30", 7],
      ["14:00", 8],
    ]);
  });
});
