/**
 * Staff edit a post: an image sent replaces the old one, whose object is removed afterwards. A new
 * slug keeps the old one answering with a redirect. The post's cached pages are purged.
 */
import type { PostInput } from "../../shared/blog/post-schemas";
import type { Deps } from "../common/deps";
import { recordAudited, type Actor } from "../common/audit";
import { AUDIT_FIELDS } from "../common/audit-fields";
import { NotFound } from "../common/errors";
import { postTags } from "./cache-tags";
import { removeObjects, withStoredImages, type PostImages } from "./post-images";
import { chooseSlug, postValues, RETURNING } from "./posts-admin";
import { storeRendering } from "./rendering";
import { postAuditView, schedule, slugClash, toAdminPost, type PostRow } from "./posts-admin";

const GONE = "This post no longer exists.";

/** What the audit trail keeps of an edit. */
const AUDITED = {
  action: "post.update",
  entity: "post",
  table: "posts",
  fields: AUDIT_FIELDS.posts,
  view: postAuditView,
} as const;

export async function updatePost(
  deps: Pick<Deps, "db" | "storage" | "now" | "raise">,
  actor: Actor,
  id: number,
  input: PostInput,
  images: PostImages,
) {
  return recordAudited(deps, actor, { ...AUDITED, id }, async (deps) => {
    const exists = await deps.db.query("SELECT 1 FROM posts WHERE id = $1", [id]);
    if (exists.length === 0) throw new NotFound(GONE);
    const now = deps.now();
    let replaced: (string | null)[] = [];
    const row = await withStoredImages(
      deps,
      images,
      (keys) =>
        deps.db.transaction(async (tx) => {
          const [old] = await tx.query<{
            image1: string | null;
            image2: string | null;
            slug: string;
            status: "draft" | "published";
            date: Date | string;
          }>("SELECT image1, image2, slug, status, date FROM posts WHERE id = $1 FOR UPDATE", [id]);
          if (!old) throw new NotFound(GONE);
          const { status, date } = schedule(input, now, { status: old.status, date: new Date(old.date) });
          const slug = await chooseSlug(tx, input, id, old.slug);
          if (slug !== old.slug) {
            await tx.query("DELETE FROM post_slugs WHERE slug = $1", [slug]);
            await tx.query(
              "INSERT INTO post_slugs (slug, post_id) VALUES ($1, $2) ON CONFLICT (slug) DO UPDATE SET post_id = $2",
              [old.slug, id],
            );
          }
          const [updated] = await tx.query<PostRow>(
            `UPDATE posts SET title = $2, author = $3, category = $4, content = $5,
                    image1 = COALESCE($6, image1), image2 = COALESCE($7, image2), updated_at = $8,
                    slug = $9, status = $10, date = COALESCE($11::timestamptz, date), format = COALESCE($12, format),
                    image2_preview = CASE WHEN $7::text IS NULL THEN image2_preview ELSE $13 END
              WHERE id = $1 RETURNING ${RETURNING}`,
            [
              id,
              ...postValues(input, keys),
              now.toISOString(),
              slug,
              status,
              // An unchanged date is left as stored (to the microsecond).
              date.getTime() === new Date(old.date).getTime() ? null : date.toISOString(),
              input.format ?? null,
              // A new banner's preview (NULL when it could not be made: the start-up makes it).
              keys.image2Preview ?? null,
            ],
          );
          await storeRendering(tx, id, updated!.content, updated!.format);
          replaced = [keys.image1 ? old.image1 : null, keys.image2 ? old.image2 : null];
          return updated!;
        }),
      slugClash,
    );
    await removeObjects(deps.storage, replaced);
    deps.raise({ purge: postTags(id) });
    return toAdminPost(row, now);
  });
}
