/**
 * The features' own settings and their defaults: how long each kind of personal data is kept, the
 * response-time targets of a new lead, and the calls buyers book. env.ts reads them with the rest.
 */
import * as z from "zod";
import { site } from "../../config/site";
import { retentionDays, retentionShape } from "../../shared/privacy/retention";

/** The variables of the features' settings, with their defaults (part of env.ts's schema). */
export const featureSettingsShape = {
  /** How long each kind of personal data is kept, in days (src/shared/privacy/retention.ts). */
  ...retentionShape,
  /** Response-time targets of a new lead: a first answer, and a proposal (src/server/contact/targets.ts). */
  RESPONSE_TARGET_FIRST_MINUTES: z.coerce
    .number()
    .int()
    .min(5, "at least 5 minutes")
    .max(10_080, "at most a week (10080 minutes)")
    .default(60),
  RESPONSE_TARGET_PROPOSAL_HOURS: z.coerce
    .number()
    .int()
    .min(1, "at least 1 hour")
    .max(720, "at most 30 days (720 hours)")
    .default(24),
  /** How far ahead buyers may book a call (src/server/contact/booking.ts). */
  BOOKING_DAYS_AHEAD: z.coerce.number().int().min(1, "at least 1 day").max(60, "at most 60 days").default(10),
  /** How soon a call may start after it is booked. */
  BOOKING_MIN_NOTICE_MINUTES: z.coerce
    .number()
    .int()
    .min(0, "0 or more minutes")
    .max(10_080, "at most a week (10080 minutes)")
    .default(240),
  /** How to join a booked call (a video link or a phone line), in every invitation. */
  MEETING_JOIN_INFO: z.string().max(500, "at most 500 characters").optional(),
};

/** The features' settings from the validated variables (part of env.ts's Env). */
export function featureSettings(e: z.output<z.ZodObject<typeof featureSettingsShape>>) {
  return {
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    /** The lifetime of each kind of personal data (the privacy notice shows the same figures). */
    retention: retentionDays(e),
    /** Response-time targets of a new lead, in minutes from its arrival. */
    targets: {
      firstMinutes: e.RESPONSE_TARGET_FIRST_MINUTES,
      proposalMinutes: e.RESPONSE_TARGET_PROPOSAL_HOURS * 60,
    },
    /** Calls buyers book with a lead's owner (src/server/contact/booking.ts). */
    booking: {
      daysAhead: e.BOOKING_DAYS_AHEAD,
      minNoticeMinutes: e.BOOKING_MIN_NOTICE_MINUTES,
      joinInfo: e.MEETING_JOIN_INFO?.trim() || `We will call you; or call us on ${site.phone}.`,
    },
  };
}
