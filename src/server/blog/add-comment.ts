/**
 * A visitor comments on a post. A bot that fills the hidden field is answered as if it had
 * succeeded (so it learns nothing) and nothing is stored; others are rate limited per client
 * by the endpoint (src/server/common/policies.ts). A comment that looks like spam is stored
 * but held for review (src/server/blog/moderation.ts).
 */
import type { CommentInput } from "../../shared/blog/comments";
import type { PublicComment } from "../../shared/blog/api";
import { isBot } from "../common/honeypot";
import type { Deps } from "../common/deps";
import { NotFound } from "../common/errors";
import { postTags } from "./cache-tags";
import { addComment } from "./comments";
import { holdReasons, type CommentClient } from "./moderation";

/**
 * Stores the comment. A published one purges the post's pages and is answered in its public
 * shape { id, name, date, comment }; a held one is answered { held: true } and changes no page.
 */
export async function postComment(
  deps: Pick<Deps, "db" | "now" | "env" | "requestId" | "secret" | "cdn" | "log">,
  client: CommentClient,
  input: CommentInput,
): Promise<{ comment: PublicComment } | { held: true }> {
  if (isBot(input)) {
    deps.log.info("comment honeypot", { requestId: deps.requestId });
    return { comment: { id: 0, name: input.name, date: deps.now().toISOString(), comment: input.comment } };
  }
  const heldReasons = await holdReasons(deps, input, client);
  const comment = await addComment({ db: deps.db }, input, deps.now(), {
    heldReasons,
    addressKey: client.key,
    address: client.network,
  });
  if (!comment) throw new NotFound("That post no longer exists.");
  if (heldReasons.length > 0) {
    deps.log.info("comment held", { requestId: deps.requestId, postId: input.post_id, reasons: heldReasons });
    return { held: true };
  }
  deps.log.info("comment added", { requestId: deps.requestId, postId: input.post_id });
  await deps.cdn.purge(postTags(input.post_id));
  return { comment };
}
