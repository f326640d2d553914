/** Staff add a post, with its two optional images. */
import type { PostInput } from "../../shared/blog/post-schemas";
import type { Deps } from "../common/deps";
import { recordAudited, type Actor } from "../common/audit";
import { AUDIT_FIELDS } from "../common/audit-fields";
import { postTags } from "./cache-tags";
import { withStoredImages, type PostImages } from "./post-images";
import { chooseSlug, isUniqueViolation, postValues, RETURNING } from "./posts-admin";
import { storeRendering } from "./rendering";
import { postAuditView, schedule, slugClash, toAdminPost, type PostRow } from "./posts-admin";

/** What the audit trail keeps of a new post. */
const AUDITED = {
  action: "post.create",
  entity: "post",
  table: "posts",
  fields: AUDIT_FIELDS.posts,
  view: postAuditView,
} as const;

/** The new post's pages (and the lists that show it) are purged. */
export async function createPost(
  deps: Pick<Deps, "db" | "storage" | "now" | "raise">,
  actor: Actor,
  input: PostInput,
  images: PostImages,
) {
  const spec = { ...AUDITED, idOf: (post: { id: number }) => post.id };
  return recordAudited(deps, actor, spec, async (deps) => {
    const now = deps.now();
    const post = await withStoredImages(
      deps,
      images,
      async (keys) => {
        const { status, date } = schedule(input, now, null);
        // Two posts with one title saved at the same moment may pick the same free slug: the loser of
        // that race picks again (a slug the editor chose is a 409 instead).
        for (let attempt = 1; ; attempt++) {
          try {
            const row = await deps.db.transaction(async (tx) => {
              const slug = await chooseSlug(tx, input, null, null);
              // An address a deleted or renamed post had is taken over by this post.
              await tx.query("DELETE FROM post_slugs WHERE slug = $1", [slug]);
              const [created] = await tx.query<PostRow>(
                `INSERT INTO posts (title, author, category, content, image1, image2, date, created_at, updated_at,
                                    slug, status, format, image2_preview)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $10, $11, $12) RETURNING ${RETURNING}`,
                [
                  ...postValues(input, keys),
                  date.toISOString(),
                  now.toISOString(),
                  slug,
                  status,
                  input.format ?? "markdown",
                  keys.image2Preview ?? null,
                ],
              );
              await storeRendering(tx, created!.id, created!.content, created!.format);
              return created!;
            });
            return toAdminPost(row, now);
          } catch (err) {
            if (!isUniqueViolation(err) || input.slug || attempt >= 10) throw err;
          }
        }
      },
      slugClash,
    );
    deps.raise({ purge: postTags(post.id) });
    return post;
  });
}
