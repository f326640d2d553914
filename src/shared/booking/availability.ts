/** A staff member's availability for calls with buyers ("My availability"), and the booking's inputs. */
import * as z from "zod";
import "../common/zod-config";
import { isTimeZone } from "./zoned";

/** Monday first, as the weekly hours are kept. */
export const WEEKDAYS = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
] as const;

export const DEFAULT_MEETING_MINUTES = 30;

export const timeZoneSchema = z
  .string()
  .trim()
  .refine(isTimeZone, "Choose a time zone by its IANA name, for example Asia/Kolkata or America/New_York.");

/** One range of working hours; an end at or before its start runs past midnight (18:30-02:30). */
export interface HoursRange {
  start: string;
  end: string;
}

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A day's ranges as written: "09:00-13:00, 18:30-02:30" (empty: no hours that day). */
export const rangesText = (ranges: readonly HoursRange[]) =>
  ranges.map((r) => `${r.start}-${r.end}`).join(", ");

/** A day's text read back into ranges; a message when it cannot be. */
export function parseRanges(text: string): HoursRange[] | string {
  const parts = text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length > 6) return "At most 6 ranges a day.";
  const out: HoursRange[] = [];
  for (const p of parts) {
    const [start = "", end = "", ...rest] = p.split("-").map((x) => x.trim());
    if (rest.length || !HHMM.test(start) || !HHMM.test(end))
      return `Write working hours as HH:MM-HH:MM ranges separated by commas, for example 09:00-13:00, 18:30-02:30 ("${p}").`;
    if (start === end) return `A range of working hours cannot start and end at the same time ("${p}").`;
    out.push({ start, end });
  }
  return out;
}

const asList = (v: unknown) => (typeof v === "string" ? (v === "" ? [] : [v]) : v);

export const availabilitySchema = z.object({
  timeZone: timeZoneSchema,
  /** Seven texts, Monday first: "09:00-13:00, 18:30-02:30" (not given: no hours on any day). */
  weekly: z
    .array(z.string().max(200, "At most 200 characters a day."))
    .length(7, "Give the hours of each of the 7 days, Monday first.")
    .default(["", "", "", "", "", "", ""])
    .transform((days, ctx) =>
      days.map((d, i) => {
        const r = parseRanges(d);
        if (typeof r === "string") {
          ctx.addIssue({ code: "custom", message: `${WEEKDAYS[i]}: ${r}`, path: [i] });
          return [];
        }
        return r;
      }),
    ),
  daysOff: z.preprocess(
    asList,
    z.array(z.iso.date("Give days off as dates (YYYY-MM-DD).")).max(366, "At most 366 days off.").default([]),
  ),
  meetingMinutes: z.coerce
    .number()
    .int()
    .min(10, "A call lasts at least 10 minutes.")
    .max(240, "A call lasts at most 240 minutes.")
    .default(DEFAULT_MEETING_MINUTES),
  bufferMinutes: z.coerce
    .number()
    .int()
    .min(0, "The buffer cannot be negative.")
    .max(120, "The buffer is at most 120 minutes.")
    .default(0),
});
export type AvailabilityInput = z.input<typeof availabilitySchema>;
export type Availability = z.output<typeof availabilitySchema>;

/** What the member reads back: the hours as written, and their feed's address. */
export const myAvailabilitySchema = z.strictObject({
  timeZone: z.string(),
  weekly: z.array(z.string()),
  daysOff: z.array(z.string()),
  meetingMinutes: z.number().int(),
  bufferMinutes: z.number().int(),
  calendarUrl: z.string().nullable(),
});
export type MyAvailability = z.infer<typeof myAvailabilitySchema>;

/** One bookable time: UTC ISO 8601 start and end, and whose call it would be. */
export const slotSchema = z.strictObject({ start: z.string(), end: z.string(), ownerId: z.number().int() });
export type Slot = z.infer<typeof slotSchema>;

export const slotsSchema = z.strictObject({ timeZone: z.string(), slots: z.array(slotSchema) });

export const meetingSchema = z.strictObject({
  id: z.number().int(),
  start: z.string(),
  end: z.string(),
  ownerId: z.number().int(),
  timeZone: z.string(),
});
export type Meeting = z.infer<typeof meetingSchema>;

/** A signed token from the buyer's mail (at most this long). */
export const tokenSchema = z
  .string()
  .trim()
  .min(10, "This link is not complete.")
  .max(1024, "This link is not valid.");

export const bookSchema = z.strictObject({
  start: z.iso.datetime({ offset: true, message: "Give the start as an ISO 8601 date and time." }),
  ownerId: z.coerce.number().int().positive("Choose one of the offered times."),
  timeZone: timeZoneSchema,
  token: tokenSchema.optional(),
});

export const cancelSchema = z.object({
  token: tokenSchema,
  /** From the cancel page's "choose another time": go on to the booking page. */
  move: z.literal("1").optional(),
});
