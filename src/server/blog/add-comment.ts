/**
 * A visitor comments on a post. A bot that fills the hidden field is answered as if it had
 * succeeded (so it learns nothing) and nothing is stored; others are rate limited per client
 * by the endpoint (src/server/common/client-limits.ts).
 */
import type { CommentInput, PublicComment } from "../../shared/blog/comments";
import { isBot } from "../common/honeypot";
import type { Deps } from "../common/deps";
import { NotFound } from "../common/errors";
import { purgeTags } from "../platform/cdn";
import { log } from "../platform/log";
import { postTags } from "./cache-tags";
import { addComment } from "./comments";

/** Stores the comment and purges the post's pages; the public shape { name, date, comment }. */
export async function postComment(
  deps: Pick<Deps, "db" | "now" | "env" | "requestId">,
  input: CommentInput,
): Promise<PublicComment> {
  if (isBot(input)) {
    log.info("comment honeypot", { requestId: deps.requestId });
    return { name: input.name, date: deps.now().toISOString(), comment: input.comment };
  }
  const comment = await addComment({ db: deps.db }, input, deps.now());
  if (!comment) throw new NotFound("That post no longer exists.");
  log.info("comment added", { requestId: deps.requestId, postId: input.post_id });
  await purgeTags(postTags(input.post_id));
  return comment;
}
