import type { Config } from "@netlify/functions";
import { commentSchema } from "../../src/shared/blog/comments";
import { isBot } from "../../src/server/common/honeypot";
import { endpoint } from "../../src/server/http/endpoint";
import { purgeTags } from "../../src/server/platform/cdn";
import { addComment } from "../../src/server/blog/comments";
import { json, notFound, parseBody, requireMethod, validate } from "../../src/server/http/http";
import { log } from "../../src/server/platform/log";
import { limitClient } from "../../src/server/http/limits";

/** Comments per client address and window: enough for a conversation, too few for a flood. */
const LIMIT = { bucket: "comment", max: 5, windowSeconds: 600 };

/**
 * POST /api/add-comment (form data or JSON: post_id, name, email, comment) -> 201 { comment }.
 * The e-mail is stored for staff and never returned.
 */
export default endpoint(async (req, app) => {
  requireMethod(req, "POST");
  const input = validate(commentSchema, await parseBody(req));
  if (isBot(input)) {
    // A bot filled the hidden field: answer as if it worked (so it learns nothing), store nothing.
    log.info("comment honeypot", { requestId: app.requestId });
    const echo = { name: input.name, date: app.now().toISOString(), comment: input.comment };
    return json({ comment: echo }, { status: 201 });
  }
  await limitClient(app, LIMIT);
  const comment = await addComment(await app.db(), input, app.now());
  if (!comment) throw notFound("That post no longer exists.");
  log.info("comment added", { requestId: app.requestId, postId: input.post_id });
  await purgeTags([`post-${input.post_id}`, "blog"]);
  return json({ comment }, { status: 201 });
});

export const config: Config = { path: "/api/add-comment" };
