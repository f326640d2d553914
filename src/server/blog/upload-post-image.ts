/** A picture for a post's text, stored like banner images; the editor inserts its Markdown. */
import type { Deps } from "../common/deps";
import { recordAudited, type Actor } from "../common/audit";
import { mediaUrl } from "../platform/storage/storage";
import { checkUpload } from "../common/files";
import { IMAGE_KINDS, storeImages, type ImageFile } from "./post-images";

/** The uploaded picture, judged by its bytes (a 400 naming it when missing or not a picture). */
export async function checkPostImage(value: unknown): Promise<ImageFile> {
  const image = await checkUpload(value, {
    kinds: IMAGE_KINDS,
    field: "image",
    label: "Image",
    required: true,
  });
  return image!;
}

/** The audit entry names the stored picture by its file name. */
const UPLOADED = { action: "post.image_upload", entity: "post_image" } as const;

/** Stores the picture (WebP, at most 1600 px, with its narrower copy): its URL and its Markdown. */
export async function uploadPostImage(
  deps: Pick<Deps, "storage" | "db" | "now">,
  actor: Actor,
  image: ImageFile,
  alt: string,
): Promise<{ url: string; markdown: string }> {
  const spec = { ...UPLOADED, idOf: (out: { url: string }) => out.url.split("/").pop() ?? null };
  return recordAudited(deps, actor, spec, async (deps) => {
    const keys = await storeImages(deps.storage, { image2: image });
    // Recorded so the housekeeping job can delete it once no post uses it (src/server/privacy/).
    await deps.db.query("INSERT INTO post_uploads (key, uploaded_at) VALUES ($1, $2)", [
      keys.image2,
      deps.now().toISOString(),
    ]);
    const url = mediaUrl(keys.image2)!;
    // Markdown's own characters in the description would end it early.
    const text =
      alt
        .replace(/[[\]\\\n\r]/g, " ")
        .trim()
        .slice(0, 200) || "Image";
    return { url, markdown: `![${text}](${url})` };
  });
}
