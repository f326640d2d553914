/** The public blog's endpoints: the post list and pages, their comments and readers' reports. */
import * as z from "zod";
import "../common/zod-config";
import { CATEGORIES, MAX_LIST_PAGE } from "./blog";
import { commentSchema } from "./comments";
import { reportSchema } from "./moderation";
import { POST_FORMATS } from "./post-schemas";
import { contract } from "../api/contract";
import { iso } from "../api/fields";

/** A post as the public sees it (image fields are URLs or null). */
export const publicPost = z.strictObject({
  id: z.number().int(),
  /** The post's address is /blog/<slug>. */
  slug: z.string(),
  /** 'markdown', or 'text' for posts written before Markdown (shown as plain text). */
  format: z.enum(POST_FORMATS),
  title: z.string(),
  author: z.string(),
  date: iso,
  content: z.string(),
  image1: z.string().nullable(),
  image2: z.string().nullable(),
  category: z.enum(CATEGORIES),
});
export type PublicPost = z.infer<typeof publicPost>;

/** A post named by a link: sidebars, previous and next. */
export const postLink = z.strictObject({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  date: iso,
});
export type PostLink = z.infer<typeof postLink>;

export const tocEntry = z.strictObject({
  depth: z.union([z.literal(2), z.literal(3), z.literal(4)]),
  id: z.string(),
  text: z.string(),
});
export type TocEntry = z.infer<typeof tocEntry>;

/** A comment as the public sees it: never the commenter's e-mail. */
export const publicComment = z.strictObject({
  /** For a reader's report (POST /api/report-comment). */
  id: z.number().int(),
  name: z.string(),
  date: iso,
  comment: z.string(),
});
export type PublicComment = z.infer<typeof publicComment>;

const PAGE_MESSAGE = `The page must be a whole number from 1 to ${MAX_LIST_PAGE}.`;

export const postListQuery = z.object({
  category: z.enum(CATEGORIES, { error: "Unknown category." }).optional(),
  page: z
    .string()
    .regex(/^\d{1,5}$/, PAGE_MESSAGE)
    .refine((v) => +v >= 1 && +v <= MAX_LIST_PAGE, PAGE_MESSAGE)
    .transform(Number)
    .optional(),
});

export const getPostsApi = contract({
  method: "GET",
  path: "/api/get-posts",
  summary: "Published posts, newest first, ten a page (optionally of one category)",
  access: "public",
  query: postListQuery,
  response: z.strictObject({ posts: z.array(publicPost), page: z.number().int(), hasMore: z.boolean() }),
});

export const getPostDetailApi = contract({
  method: "GET",
  path: "/api/get-post-detail/:id",
  summary: "One published post with its rendered body and its neighbours",
  access: "public",
  ids: { id: "post id" },
  response: z.strictObject({
    post: publicPost,
    /** draft, scheduled or published (only previews show the first two). */
    state: z.enum(["draft", "scheduled", "published"]),
    /** The body as sanitised HTML (plain-text posts as escaped paragraphs). */
    html: z.string(),
    toc: z.array(tocEntry),
    previous: postLink.nullable(),
    next: postLink.nullable(),
  }),
});

export const getCommentsApi = contract({
  method: "GET",
  path: "/api/get-comments/:postId",
  summary: "A published post's public comments",
  access: "public",
  ids: { postId: "post id" },
  response: z.strictObject({ comments: z.array(publicComment) }),
});

export const addCommentApi = contract({
  method: "POST",
  path: "/api/add-comment",
  summary: "A reader's comment: published at once, or held for review",
  access: "public",
  body: commentSchema,
  nativeForm: true,
  status: 201,
  response: z.union([z.strictObject({ comment: publicComment }), z.strictObject({ held: z.literal(true) })]),
});

export const reportCommentApi = contract({
  method: "POST",
  path: "/api/report-comment",
  summary: "A reader reports a comment (enough reports hide it until staff review it)",
  access: "public",
  body: reportSchema,
  response: z.strictObject({ reported: z.literal(true) }),
});

export const BLOG = [getPostsApi, getPostDetailApi, getCommentsApi, addCommentApi, reportCommentApi];
