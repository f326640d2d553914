import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { checkPostImage, uploadPostImage } from "../../src/server/blog/upload-post-image";
import { uploadPostImageApi } from "../../src/shared/blog/admin-api";

/** The description first (under the one text rule), then the image by its bytes. */
export default endpoint(uploadPostImageApi, async ({ deps, actor, body: { alt }, fields }) => {
  const image = await checkPostImage(fields.image);
  return uploadPostImage(deps, actor, image, alt);
});

export const config: Config = { path: "/api/upload-post-image" };
