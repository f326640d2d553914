/**
 * Calls booked by buyers with a lead's owner: the buyer's slots and booking (right after the
 * contact form, with the thank-you page's cookie, or with the token of the acknowledgement
 * mail), the cancellation from the call's mail, and a lead owner's own availability and feed.
 */
import * as z from "zod";
import "../common/zod-config";
import { contract } from "../api/contract";
import {
  availabilitySchema,
  bookSchema,
  cancelSchema,
  meetingSchema,
  myAvailabilitySchema,
  slotSchema,
  slotsSchema,
  timeZoneSchema,
  tokenSchema,
} from "./availability";

export const bookingSlotsApi = contract({
  method: "GET",
  path: "/api/booking-slots",
  summary:
    "The free times of the lead's owner (or its assignment rule's members) for a call, in UTC; with the thank-you page's cookie or the acknowledgement mail's token",
  access: "public",
  query: z.object({ token: tokenSchema.optional(), timeZone: timeZoneSchema.optional() }),
  response: slotsSchema,
});

const booked = z.strictObject({ meeting: meetingSchema });

export const bookMeetingApi = contract({
  method: "POST",
  path: "/api/book-meeting",
  summary:
    "Books one of the offered times (201); 200 when this call is already booked; 409 with fresh slots when it was just taken",
  access: "public",
  body: bookSchema,
  nativeForm: true,
  status: 201,
  response: booked,
  statuses: {
    200: booked,
    409: z.strictObject({ error: z.string(), slots: z.array(slotSchema) }),
  },
});

export const cancelMeetingApi = contract({
  method: "POST",
  path: "/api/cancel-meeting",
  summary: "Cancels a booked call with the token of its mail; the time is free again",
  access: "public",
  body: cancelSchema,
  nativeForm: true,
  response: z.strictObject({ cancelled: z.literal(true) }),
});

export const availabilityApi = contract({
  method: "GET",
  path: "/api/availability",
  summary: "The signed-in lead owner's availability for calls, and their calendar feed's address",
  access: "leads:change",
  response: myAvailabilitySchema,
});

export const updateAvailabilityApi = contract({
  method: "POST",
  path: "/api/update-availability",
  summary: "Sets the signed-in lead owner's time zone, weekly hours, days off and call length",
  access: "leads:change",
  body: availabilitySchema,
  response: myAvailabilitySchema,
});

export const renewCalendarFeedApi = contract({
  method: "POST",
  path: "/api/renew-calendar-feed",
  summary: "A new secret address for the member's calendar feed; the old one stops working",
  access: "leads:change",
  response: z.strictObject({ calendarUrl: z.string() }),
});

export const calendarFeedApi = contract({
  method: "GET",
  path: "/api/calendar/:file",
  summary: "A lead owner's private calendar feed (iCalendar) of their booked calls, at a secret address",
  access: "public",
  params: {
    file: z
      .string()
      .regex(/^[A-Za-z0-9_-]{32,64}\.ics$/, "This calendar address is not valid.")
      .describe("The feed's secret followed by .ics"),
  },
  produces: "text/calendar",
});

export const BOOKING = [
  bookingSlotsApi,
  bookMeetingApi,
  cancelMeetingApi,
  availabilityApi,
  updateAvailabilityApi,
  renewCalendarFeedApi,
  calendarFeedApi,
];
