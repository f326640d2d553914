import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { listQueue } from "../../src/server/blog/moderation";
import { commentQueueApi } from "../../src/shared/blog/admin-api";

/** Held and reported comments, newest first. */
export default endpoint(commentQueueApi, async ({ deps }) => listQueue(deps));

export const config: Config = { path: "/api/comment-queue" };
