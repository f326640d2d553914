/**
 * Request schemas of the blog admin: the post form (the island checks it for instant messages;
 * the functions use it as the authority).
 */
import * as z from "zod";
import "../common/zod-config";
import { idField, optional, text } from "../common/schema-fields";
import { CATEGORIES, RESERVED_SLUGS } from "./blog";

export const POST_STATUSES = ["draft", "scheduled", "published"] as const;
export type PostStatus = (typeof POST_STATUSES)[number];
export const POST_FORMATS = ["markdown", "text"] as const;

export const slugField = z
  .string()
  .trim()
  .toLowerCase()
  .max(80, "The address must be at most 80 characters.")
  .regex(
    /^[a-z0-9]+(-[a-z0-9]+)*$/,
    "The address may use lowercase letters, digits and single hyphens between words (e.g. my-first-post).",
  )
  .regex(/[a-z]/, "The address needs at least one letter (digits alone would read as a post number).")
  .refine((v) => !RESERVED_SLUGS.includes(v), "This address is reserved. Please choose another.");

export const postSchema = z
  .object({
    title: text("Title", 200),
    author: text("Author", 100),
    category: z.enum(CATEGORIES, { error: "Choose one of the six categories." }),
    content: text("Content", 100_000),
    /** Absent: made from the title (new posts) or kept (edits). */
    slug: optional(slugField),
    /** Absent: 'published' for a new post, unchanged for an edit. */
    status: optional(z.enum(POST_STATUSES, { error: "Status must be draft, scheduled or published." })),
    /** When a scheduled post goes public: an ISO 8601 date-time with its offset (stored in UTC). */
    publishAt: optional(
      z.iso
        .datetime({ offset: true, error: "Choose a valid publication date and time." })
        .transform((v) => new Date(v)),
    ),
    /** Absent: Markdown for a new post, unchanged for an edit. */
    format: optional(z.enum(POST_FORMATS, { error: "Format must be markdown or text." })),
  })
  .superRefine((v, ctx) => {
    if (v.status === "scheduled" && !v.publishAt)
      ctx.addIssue({
        code: "custom",
        path: ["publishAt"],
        message: "Choose the date and time to publish at.",
      });
  });
export type PostInput = z.infer<typeof postSchema>;

export const updatePostSchema = z.intersection(postSchema, z.object({ id: idField }));

/** POST /api/preview-post: the editor's text, rendered as the post page would show it. */
export const previewSchema = z.object({
  content: z
    .string({ error: "Content is required." })
    .trim()
    .min(1, "Write some content to preview.")
    .max(100_000, "Content must be at most 100000 characters."),
  format: z.enum(POST_FORMATS, { error: "Format must be markdown or text." }).default("markdown"),
});

const ALT_MESSAGE = "alt: the image description must be text of at most 200 characters.";
/** POST /api/upload-post-image: the image's description (the image itself is a file field). */
export const postImageSchema = z.object({
  alt: z.string({ error: ALT_MESSAGE }).max(200, ALT_MESSAGE).optional().default(""),
});
