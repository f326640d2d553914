import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { previewPost } from "../../src/server/blog/preview-post";
import { parseBody, requireMethod, validate, respond } from "../../src/server/http/http";
import { previewPostApi } from "../../src/shared/api/blog-admin";

/**
 * POST /api/preview-post { content, format? } -> { html, toc }: a post body rendered by the same
 * server renderer and sanitiser as the public page, for the editor's Preview tab (staff).
 */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "POST");
    await requireStaff(app, req, "read");
    const { content, format } = validate(previewPostApi.body, await parseBody(req));
    return respond(previewPostApi, previewPost(content, format));
  },
  { api: previewPostApi },
);

export const config: Config = { path: "/api/preview-post" };
