import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { respond } from "../../src/server/http/responses";
import { cdnCache } from "../../src/server/platform/cdn";
import { postTags } from "../../src/server/blog/cache-tags";
import { postDetailAnswer } from "../../src/server/blog/posts";
import { getPostDetailApi } from "../../src/shared/blog/api";

/** Cached until its previous/next links change (a scheduled post going public), at most 5 minutes. */
export default endpoint(getPostDetailApi, async ({ deps, params: { id } }) => {
  const { answer, maxAge } = await postDetailAnswer(deps, id);
  return respond(getPostDetailApi, answer, { headers: cdnCache(postTags(id), maxAge) });
});

export const config: Config = { path: "/api/get-post-detail/:id" };
