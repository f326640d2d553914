/**
 * Request schemas of the dashboard's work screens (blog admin, FAQ answers, job posts,
 * candidates, leads). The island checks its forms with them for instant messages; the functions
 * use the same schemas as the authority. Bodies arrive as strings (JSON values, form fields and
 * multipart fields share one parser), so numbers and booleans are read from text here.
 */
import * as z from "zod";
import "./common/zod-config";
import { MAX_FILES_BYTES } from "./common/upload-limits";
import { CATEGORIES, RESERVED_SLUGS } from "./blog/blog";

/** A required text field: trimmed, not blank, with a length limit. */
function text(label: string, max: number) {
  return z
    .string({ error: `${label} is required.` })
    .transform((v) => v.replace(/\r\n?/g, "\n")) // browsers send a textarea's line breaks as CRLF
    .pipe(
      z
        .string()
        .trim()
        .min(1, `${label} is required.`)
        .max(max, `${label} must be at most ${max} characters.`),
    );
}

/** A positive whole-number id, given as a number or as text. */
export const idField = z.preprocess(
  (v) => (typeof v === "string" && /^\d{1,9}$/.test(v.trim()) ? Number(v.trim()) : v),
  z
    .number({ error: "id must be a positive whole number." })
    .int("id must be a positive whole number.")
    .min(1, "id must be a positive whole number.")
    .max(999_999_999, "id must be a positive whole number."),
);

/** A page number from a query string; absent means the first page. */
export const pageField = z.preprocess(
  (v) => (v === undefined || v === "" ? 1 : typeof v === "string" && /^\d{1,6}$/.test(v) ? Number(v) : v),
  z
    .number({ error: "page must be a whole number from 1." })
    .int("page must be a whole number from 1.")
    .min(1, "page must be a whole number from 1.")
    .max(100_000, "page must be a whole number from 1."),
);

// ---- blog -------------------------------------------------------------------------------------

/** An optional field: absent or blank means "not given". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (v) => (v === undefined || v === null || (typeof v === "string" && v.trim() === "") ? undefined : v),
    schema.optional(),
  );

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

/** Images of a post: PNG, JPEG or WebP, both together within MAX_FILES_BYTES (checked again by their bytes). */
export const POST_IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export const MAX_IMAGE_BYTES = MAX_FILES_BYTES;

// ---- FAQ answers ------------------------------------------------------------------------------

export const FAQ_FILTERS = ["all", "unanswered"] as const;
export type FaqFilter = (typeof FAQ_FILTERS)[number];

export const faqListQuery = z.object({
  filter: z.preprocess(
    (v) => (v === undefined || v === "" ? "all" : v),
    z.enum(FAQ_FILTERS, { error: "filter must be all or unanswered." }),
  ),
  page: pageField,
});

/** An empty answer takes the question back to unanswered (hidden on the careers page). */
export const updateFaqSchema = z.object({
  id: idField,
  answer: z
    .string({ error: "Answer must be text." })
    .max(5000, "Answer must be at most 5000 characters.")
    .optional()
    .transform((v) => (v === undefined || v.trim() === "" ? null : v.replace(/\r\n?/g, "\n").trim())),
});

// ---- job posts --------------------------------------------------------------------------------

/** "a, b,,  a" -> "a, b": trimmed, de-duplicated, joined with comma and space. */
export function normaliseSkills(v: string): string {
  const seen = new Set<string>();
  for (const s of v.split(",")) {
    const t = s.trim();
    if (t && ![...seen].some((x) => x.toLowerCase() === t.toLowerCase())) seen.add(t);
  }
  return [...seen].join(", ");
}

export const jobSchema = z.object({
  job_title: text("Job title", 200),
  required_experience: z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : Number(v.trim())) : v),
    z
      .number({
        error: (iss) =>
          iss.input === undefined
            ? "Required experience is required."
            : "Required experience must be a number of years.",
      })
      .int("Required experience must be a whole number of years.")
      .min(0, "Required experience must be from 0 to 50 years.")
      .max(50, "Required experience must be from 0 to 50 years."),
  ),
  skills: z
    .string({ error: "Skills must be text." })
    .max(1000, "Skills must be at most 1000 characters.")
    .optional()
    .transform((v) => normaliseSkills(v ?? "")),
  description: text("Description", 10_000),
});
export type JobInput = z.infer<typeof jobSchema>;

export const updateJobSchema = jobSchema.extend({ id: idField });

export const listQuery = z.object({ page: pageField });

// ---- candidates -------------------------------------------------------------------------------

export const APPLICATION_STATUSES = ["New", "Rejected", "Selected", "Maybe"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const applicationListQuery = z.object({
  status: z.preprocess(
    (v) => (v === "" || v === "all" ? undefined : v),
    z.enum(APPLICATION_STATUSES, { error: "status must be New, Rejected, Selected or Maybe." }).optional(),
  ),
  page: pageField,
});

export const updateStatusSchema = z.object({
  id: idField,
  status: z.enum(APPLICATION_STATUSES, { error: "Status must be New, Rejected, Selected or Maybe." }),
});

// ---- leads ------------------------------------------------------------------------------------

const isoDate = (label: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date like 2025-03-31.`)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    }, `${label} is not a real date.`)
    .optional();

export const HANDLED_FILTERS = ["all", "true", "false"] as const;

export const inquiryListQuery = z
  .object({
    handled: z.preprocess(
      (v) => (v === undefined || v === "" || v === "all" ? undefined : v),
      z
        .enum(["true", "false"], { error: "handled must be true, false or all." })
        .optional()
        .transform((v) => (v === undefined ? undefined : v === "true")),
    ),
    from: z.preprocess((v) => (v === "" ? undefined : v), isoDate("from")),
    to: z.preprocess((v) => (v === "" ? undefined : v), isoDate("to")),
    page: pageField,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: "from must be on or before to.",
    path: ["from"],
  });
export type InquiryFilters = z.infer<typeof inquiryListQuery>;

export const updateInquirySchema = z.object({
  id: idField,
  handled: z
    .enum(["true", "false"], { error: "handled must be true or false." })
    .transform((v) => v === "true"),
});

/** POST /api/resend-notification: the inquiry whose sales notification is sent again. */
export const resendNotificationSchema = z.object({ id: idField });

/** Query-string values as an object for the schemas above (the last value of a repeated key). */
export function queryOf(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of url.searchParams) if (k !== "__proto__") out[k] = v;
  return out;
}
