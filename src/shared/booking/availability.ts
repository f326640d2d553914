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

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Give times as HH:MM, from 00:00 to 23:59.");

export const timeZoneSchema = z
  .string()
  .trim()
  .refine(isTimeZone, "Choose a time zone by its IANA name, for example Asia/Kolkata or America/New_York.");

/** One range of working hours; an end at or before its start runs past midnight (18:30-02:30). */
export const hoursRange = z
  .strictObject({ start: hhmm, end: hhmm })
  .refine((r) => r.start !== r.end, "A range of working hours cannot start and end at the same time.");
export type HoursRange = z.infer<typeof hoursRange>;

export const availabilitySchema = z.strictObject({
  timeZone: timeZoneSchema,
  weekly: z
    .array(z.array(hoursRange).max(6, "At most 6 ranges a day."))
    .length(7, "Give the hours of each of the 7 days, Monday first."),
  daysOff: z
    .array(z.iso.date("Give days off as dates (YYYY-MM-DD)."))
    .max(366, "At most 366 days off.")
    .default([]),
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

export const cancelSchema = z.strictObject({ token: tokenSchema });
