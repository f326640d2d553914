import type { Config } from "@netlify/functions";
import * as z from "zod";
import { POST_FORMATS } from "../../src/shared/blog/post-schemas";
import { endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { previewPost } from "../../src/server/blog/preview-post";
import { json, parseBody, requireMethod, validate } from "../../src/server/http/http";

const previewSchema = z.object({
  content: z
    .string({ error: "Content is required." })
    .trim()
    .min(1, "Write some content to preview.")
    .max(100_000, "Content must be at most 100000 characters."),
  format: z.enum(POST_FORMATS, { error: "Format must be markdown or text." }).default("markdown"),
});

/**
 * POST /api/preview-post { content, format? } -> { html, toc }: a post body rendered by the same
 * server renderer and sanitiser as the public page, for the editor's Preview tab (staff).
 */
export default endpoint(async (req, app) => {
  requireMethod(req, "POST");
  await requireStaff(app, req, "read");
  const { content, format } = validate(previewSchema, await parseBody(req));
  return json(previewPost(content, format));
});

export const config: Config = { path: "/api/preview-post" };
