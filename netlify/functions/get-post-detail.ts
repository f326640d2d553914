import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { getPostDetail, secondsUntilNextPost } from "../../src/server/blog/posts";
import { setCdnCache } from "../../src/server/platform/cdn";
import { postTags } from "../../src/server/blog/cache-tags";
import { notFound, requireMethod, respond } from "../../src/server/http/http";
import { idParam } from "../../src/server/http/params";
import { getPostDetailApi } from "../../src/shared/api/blog";

/** GET /api/get-post-detail/:id -> { post, previous, next }; 404 when missing, 400 when malformed. */
export default endpoint(
  async (req, app, context) => {
    requireMethod(req, "GET");
    const id = idParam(context, "id", "post id");
    const db = app.deps.db;
    const detail = await getPostDetail({ db }, id, { now: app.deps.now() });
    if (!detail) throw notFound("No post found.");
    const headers = new Headers();
    // Its previous/next links change when a scheduled post goes public: cached no longer than that.
    setCdnCache(headers, postTags(id), await secondsUntilNextPost({ db }, 300, app.deps.now()));
    const { plain: _plain, ...answer } = detail;
    return respond(getPostDetailApi, answer, { headers: Object.fromEntries(headers) });
  },
  { api: getPostDetailApi },
);

export const config: Config = { path: "/api/get-post-detail/:id" };
