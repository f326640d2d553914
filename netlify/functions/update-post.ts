import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { updatePost } from "../../src/server/blog/update-post";
import { postTags } from "../../src/server/blog/cache-tags";
import { parseBody, requireMethod, validate, respond } from "../../src/server/http/http";
import { checkFilesTotal, checkUpload } from "../../src/server/common/files";
import { audited } from "../../src/server/http/audited";
import { AUDIT_FIELDS } from "../../src/server/audit/fields";
import { updatePostApi } from "../../src/shared/api/blog-admin";

const IMAGE = { kinds: ["png", "jpg", "webp"] as const };

/** POST /api/update-post (multipart: id plus the add-post fields; an image sent replaces the old one) -> { post } */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "POST");
    const staff = await requireStaff(app, req, "write");
    const fields = await parseBody(req, { files: true });
    const { id, ...input } = validate(updatePostApi.body, fields);
    const image1 = await checkUpload(fields.image1, { ...IMAGE, field: "image1", label: "Profile Image" });
    const image2 = await checkUpload(fields.image2, { ...IMAGE, field: "image2", label: "Banner Image" });
    checkFilesTotal([image1, image2], "The two images");
    const post = await audited(
      app,
      staff,
      { action: "post.update", entity: "post", id, table: "posts", fields: AUDIT_FIELDS.posts },
      ({ deps }) => updatePost(deps, id, input, { image1, image2 }),
    );
    await app.deps.cdn.purge(postTags(id));
    return respond(updatePostApi, { post, message: "Post updated successfully" });
  },
  { api: updatePostApi },
);

export const config: Config = { path: "/api/update-post" };
