import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { uploadPostImage } from "../../src/server/blog/upload-post-image";
import { parseBody, requireMethod, validate, respond } from "../../src/server/http/http";
import { checkUpload } from "../../src/server/common/files";
import { audited } from "../../src/server/http/audited";
import { uploadPostImageApi } from "../../src/shared/api/blog-admin";

/**
 * POST /api/upload-post-image (multipart: image; optional alt) -> { url, markdown }: an image for a
 * post's text, stored like banner images (WebP, at most 1600 px wide, with its narrower copy).
 */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "POST");
    const staff = await requireStaff(app, req, "write");
    const fields = await parseBody(req, { files: true });
    // The description first (cheap, and under the one text rule), then the image by its bytes.
    const { alt } = validate(uploadPostImageApi.body, { alt: fields.alt });
    const image = await checkUpload(fields.image, {
      kinds: ["png", "jpg", "webp"],
      field: "image",
      label: "Image",
      required: true,
    });
    const out = await audited(
      app,
      staff,
      {
        action: "post.image_upload",
        entity: "post_image",
        idOf: (o: { url: string }) => o.url.split("/").pop() ?? null,
      },
      ({ deps }) => uploadPostImage(deps, image!, alt),
    );
    return respond(uploadPostImageApi, out);
  },
  { api: uploadPostImageApi },
);

export const config: Config = { path: "/api/upload-post-image" };
