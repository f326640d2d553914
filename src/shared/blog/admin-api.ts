/** The dashboard's blog endpoints: posts, their images and previews, comments and moderation. */
import * as z from "zod";
import "../common/zod-config";
import { CATEGORIES } from "./blog";
import { HELD_REASONS, moderateSchema } from "./moderation";
import {
  POST_FORMATS,
  POST_STATUSES,
  postImageSchema,
  postSchema,
  previewSchema,
  updatePostSchema,
} from "./post-schemas";
import { listQuery } from "../common/schema-fields";
import { tocEntry } from "./api";
import { contract } from "../api/contract";
import { id, iso, message, paging, removed } from "../api/fields";

/** A post as the dashboard edits it. */
export const adminPost = z.strictObject({
  id,
  slug: z.string(),
  format: z.enum(POST_FORMATS),
  /** draft, scheduled (published with a date still ahead) or published. */
  status: z.enum(POST_STATUSES),
  title: z.string(),
  author: z.string(),
  category: z.enum(CATEGORIES),
  date: iso,
  content: z.string(),
  image1: z.string().nullable(),
  image2: z.string().nullable(),
  commentCount: z.number().int(),
});
export type AdminPost = z.infer<typeof adminPost>;

/** A post's published comment as staff see it, with the e-mail the public never sees. */
export const staffComment = z.strictObject({
  id,
  postId: id,
  name: z.string(),
  /** Empty once the housekeeping job has cleared it. */
  email: z.string(),
  comment: z.string(),
  date: iso,
});
export type StaffComment = z.infer<typeof staffComment>;

/** One comment of the moderation queue. */
export const queueItem = z.strictObject({
  id,
  postId: id,
  postTitle: z.string(),
  postSlug: z.string(),
  name: z.string(),
  /** Null once the housekeeping job has cleared it (RETENTION_COMMENT_EMAIL_DAYS). */
  email: z.string().nullable(),
  comment: z.string(),
  date: iso,
  /** held: on no public page; published: public, with reports since its last review. */
  status: z.enum(["held", "published"]),
  reasons: z.array(z.enum(HELD_REASONS)),
  reports: z.number().int(),
  /** The client's network, shortened (IPv4 /24, IPv6 /48); null for comments from before. */
  address: z.string().nullable(),
});
export type QueueItem = z.infer<typeof queueItem>;

const postFiles = { image1: false, image2: false } as const;

export const adminPostsApi = contract({
  method: "GET",
  path: "/api/admin-posts",
  summary: "Every post (drafts and scheduled ones too), newest first, paged",
  access: "blog:read",
  query: listQuery,
  response: z.strictObject({ posts: z.array(adminPost), ...paging }),
});

export const addPostApi = contract({
  method: "POST",
  path: "/api/add-post",
  summary: "A new post, with its optional profile and banner images",
  access: "blog:change",
  body: postSchema,
  files: postFiles,
  status: 201,
  response: z.strictObject({ post: adminPost, message }),
});

export const updatePostApi = contract({
  method: "POST",
  path: "/api/update-post",
  summary: "Edits a post (new images replace the old ones)",
  access: "blog:change",
  body: updatePostSchema,
  files: postFiles,
  response: z.strictObject({ post: adminPost, message }),
});

export const deletePostApi = contract({
  method: "DELETE",
  path: "/api/delete-post/:id",
  summary: "Deletes a post with its comments and images",
  access: "blog:change",
  response: removed,
});

export const previewPostApi = contract({
  method: "POST",
  path: "/api/preview-post",
  summary: "The editor's text rendered as the post page shows it",
  access: "blog:read",
  body: previewSchema,
  response: z.strictObject({ html: z.string(), toc: z.array(tocEntry) }),
});

export const uploadPostImageApi = contract({
  method: "POST",
  path: "/api/upload-post-image",
  summary: "An image for a post's body; answers its URL and the Markdown to insert",
  access: "blog:change",
  body: postImageSchema,
  files: { image: true },
  status: 201,
  response: z.strictObject({ url: z.string(), markdown: z.string() }),
});

export const adminPostCommentsApi = contract({
  method: "GET",
  path: "/api/admin-post-comments/:postId",
  summary: "A post's published comments with the commenters' e-mails, newest first, paged",
  access: "blog:read",
  ids: { postId: "post id" },
  query: listQuery,
  response: z.strictObject({
    postId: id,
    title: z.string(),
    comments: z.array(staffComment),
    page: z.number().int(),
    hasMore: z.boolean(),
  }),
});

export const deleteCommentApi = contract({
  method: "DELETE",
  path: "/api/delete-comment/:id",
  summary: "Deletes a comment",
  access: "blog:change",
  response: z.strictObject({ id, postId: id, message }),
});

export const commentQueueApi = contract({
  method: "GET",
  path: "/api/comment-queue",
  summary: "Comments held for review, or public with reports since their last review",
  access: "blog:read",
  response: z.strictObject({ total: z.number().int(), items: z.array(queueItem) }),
});

export const moderateCommentApi = contract({
  method: "POST",
  path: "/api/moderate-comment",
  summary: "Approves a held comment, marks it as spam, or deletes it",
  access: "blog:change",
  body: moderateSchema,
  response: z.strictObject({ id, status: z.enum(["published", "spam", "deleted"]), message }),
});

export const BLOG_ADMIN = [
  adminPostsApi,
  addPostApi,
  updatePostApi,
  deletePostApi,
  previewPostApi,
  uploadPostImageApi,
  adminPostCommentsApi,
  deleteCommentApi,
  commentQueueApi,
  moderateCommentApi,
];
