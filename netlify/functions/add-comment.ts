import type { Config } from "@netlify/functions";
import { commentSchema } from "../../src/shared/blog/comments";
import { endpoint } from "../../src/server/http/endpoint";
import { CLIENT_LIMITS } from "../../src/server/common/client-limits";
import { postComment } from "../../src/server/blog/add-comment";
import { json, parseBody, requireMethod, validate } from "../../src/server/http/http";
import { shortNetwork } from "../../src/server/http/client-address";

/**
 * POST /api/add-comment (form data or JSON: post_id, name, email, comment) -> 201 { comment }, or
 * 201 { held: true } when it waits for review. The e-mail is stored for staff and never returned.
 */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "POST");
    const input = validate(commentSchema, await parseBody(req));
    const client = { key: app.clientKey, network: shortNetwork(app.clientIp) };
    return json(await postComment(app.deps, client, input), { status: 201 });
  },
  { method: "POST", rateLimit: CLIENT_LIMITS.comment },
);

export const config: Config = { path: "/api/add-comment" };
