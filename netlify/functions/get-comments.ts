import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { notFound } from "../../src/server/http/errors";
import { respond } from "../../src/server/http/responses";
import { listComments } from "../../src/server/blog/comments";
import { getCommentsApi } from "../../src/shared/blog/api";

/** Newest first, never the commenters' e-mail; not cached, so a comment shows as soon as it is posted. */
export default endpoint(getCommentsApi, async ({ deps, params: { postId } }) => {
  const comments = await listComments(deps, postId, undefined, deps.now());
  if (!comments) throw notFound("No post found.");
  return respond(getCommentsApi, { comments }, { cache: "no-cache" });
});

export const config: Config = { path: "/api/get-comments/:postId" };
