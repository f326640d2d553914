import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { listComments } from "../../src/server/blog/comments";
import { notFound, requireMethod, respond } from "../../src/server/http/http";
import { idParam } from "../../src/server/http/params";
import { getCommentsApi } from "../../src/shared/api/blog";

/**
 * GET /api/get-comments/:postId -> { comments: [{ name, date, comment }] }, newest first. Never the
 * commenters' e-mail. Not cached, so a comment shows as soon as it is posted.
 */
export default endpoint(
  async (req, app, context) => {
    requireMethod(req, "GET");
    const postId = idParam(context, "postId", "post id");
    const comments = await listComments({ db: app.deps.db }, postId);
    if (!comments) throw notFound("No post found.");
    return respond(getCommentsApi, { comments }, { cache: "no-cache" });
  },
  { api: getCommentsApi },
);

export const config: Config = { path: "/api/get-comments/:postId" };
