import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { recordAudited } from "../../src/server/common/audit";
import { checkPostImage, uploadPostImage } from "../../src/server/blog/upload-post-image";
import { uploadPostImageApi } from "../../src/shared/blog/admin-api";

const UPLOADED = { action: "post.image_upload", entity: "post_image" } as const;

/** The description first (under the one text rule), then the image by its bytes. */
export default endpoint(uploadPostImageApi, async ({ deps, actor, body: { alt }, fields }) => {
  const image = await checkPostImage(fields.image);
  const spec = { ...UPLOADED, idOf: (out: { url: string }) => out.url.split("/").pop() ?? null };
  return recordAudited(deps, actor, spec, (deps) => uploadPostImage(deps, image, alt));
});

export const config: Config = { path: "/api/upload-post-image" };
