/**
 * Comment moderation's contract, shared by the dashboard's queue and by the endpoints
 * (GET /api/comment-queue, POST /api/moderate-comment, POST /api/report-comment).
 */
import * as z from "zod";
import "../common/zod-config";
import { idField } from "../common/schema-fields";

/** Reports from this many different addresses hide a comment until staff review it. */
export const REPORTS_TO_HIDE = 3;

export const HELD_REASONS = [
  "links",
  "words",
  "spam_email",
  "spam_address",
  "first_comment",
  "reports",
] as const;
export type HeldReason = (typeof HELD_REASONS)[number];

/** Why a comment waits, in the queue's words. */
export const HELD_REASON_LABELS: Record<HeldReason, string> = {
  links: "Two or more links",
  words: "A blocked word",
  spam_email: "E-mail marked as spam before",
  spam_address: "Address marked as spam before",
  first_comment: "First comment from this e-mail",
  reports: `Reported by ${REPORTS_TO_HIDE} readers`,
};

export const MODERATION_ACTIONS = ["approve", "spam", "delete"] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const moderateSchema = z.object({
  id: idField,
  action: z.enum(MODERATION_ACTIONS, { error: "action must be approve, spam or delete." }),
});

export const reportSchema = z.object({ id: idField });
