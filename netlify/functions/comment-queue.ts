import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { requireMethod, respond } from "../../src/server/http/http";
import { listQueue } from "../../src/server/blog/moderation";
import { commentQueueApi } from "../../src/shared/api/blog-admin";

/**
 * GET /api/comment-queue -> { items: [{ id, postId, postTitle, name, email, address, reasons, ... }],
 * total } (every staff role): held and reported comments, newest first.
 */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "GET");
    await requireStaff(app, req, "read");
    return respond(commentQueueApi, await listQueue(app.deps));
  },
  { api: commentQueueApi },
);

export const config: Config = { path: "/api/comment-queue" };
