import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/app";
import { getPostDetail } from "../../src/server/blog";
import { setCdnCache } from "../../src/server/cache";
import { json, notFound, parseId, requireMethod } from "../../src/server/http";

/** GET /api/get-post-detail/:id -> { post, previous, next }; 404 when missing, 400 when malformed. */
export default endpoint(async (req, app) => {
  requireMethod(req, "GET");
  const id = parseId(new URL(req.url).pathname.split("/").pop(), "post id");
  const detail = await getPostDetail(await app.db(), id);
  if (!detail) throw notFound("No post found.");
  const headers = new Headers();
  setCdnCache(headers, ["blog", `post-${id}`]);
  return json(detail, { headers: Object.fromEntries(headers) });
});

export const config: Config = { path: "/api/get-post-detail/:id" };
