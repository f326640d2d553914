/**
 * The comment form's contract, shared by the island (instant messages) and by
 * POST /api/add-comment (the authority). Field names are those of SPEC section 7.
 */
import * as z from "zod";
import "../common/zod-config";
import { HONEYPOT_FIELD } from "../common/honeypot";

export const COMMENT_LIMITS = { name: 100, email: 254, comment: 2000 } as const;

export { HONEYPOT_FIELD };

// Control characters other than line breaks and tabs have no place in a comment (and NUL cannot be
// stored in a PostgreSQL text column at all).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- a one-line field allows no line breaks either
const CONTROL_OR_BREAK = /[\u0000-\u001f\u007f]/;

const text = (label: string, max: number, singleLine: boolean) =>
  z
    .string({ error: `Please enter your ${label}.` })
    .trim()
    .min(1, `Please enter your ${label}.`)
    .max(max, `Your ${label} can be at most ${max.toLocaleString("en-US")} characters.`)
    .refine((v) => !(singleLine ? CONTROL_OR_BREAK : CONTROL).test(v), {
      message: `Your ${label} contains characters we cannot accept.`,
    });

export const commentSchema = z.object({
  post_id: z.coerce
    .number({ error: "Choose the post to comment on." })
    .int("Choose the post to comment on.")
    .positive("Choose the post to comment on.")
    .max(999_999_999, "Choose the post to comment on."),
  name: text("name", COMMENT_LIMITS.name, true),
  email: z
    .string({ error: "Please enter your email." })
    .trim()
    .min(1, "Please enter your email.")
    .max(COMMENT_LIMITS.email, `Your email can be at most ${COMMENT_LIMITS.email} characters.`)
    .pipe(z.email("Please enter a valid email address.")),
  comment: text("comment", COMMENT_LIMITS.comment, false),
  [HONEYPOT_FIELD]: z.string().optional(),
});

export type CommentInput = z.infer<typeof commentSchema>;

/** What the form says when a comment is held for review (POST /api/add-comment answered { held: true }). */
export const HELD_MESSAGE = "Thanks: your comment will appear once it has been reviewed.";

export type CommentField = "name" | "email" | "comment";

/** Field-by-field messages for the form (the first problem of each field). */
export function commentErrors(values: Record<string, unknown>): Partial<Record<CommentField, string>> {
  const res = commentSchema.safeParse(values);
  if (res.success) return {};
  const out: Partial<Record<CommentField, string>> = {};
  for (const issue of res.error.issues) {
    const key = issue.path[0];
    if ((key === "name" || key === "email" || key === "comment") && !out[key]) out[key] = issue.message;
  }
  return out;
}

/** Said once a comment is posted (by the island, and on the page a form posted without it returns to). */
export const COMMENT_POSTED = "Thank you! Your comment has been posted.";
