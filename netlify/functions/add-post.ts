import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { createPost } from "../../src/server/blog/add-post";
import { postTags } from "../../src/server/blog/cache-tags";
import { parseBody, requireMethod, validate, respond } from "../../src/server/http/http";
import { checkFilesTotal, checkUpload } from "../../src/server/common/files";
import { audited } from "../../src/server/http/audited";
import { AUDIT_FIELDS } from "../../src/server/audit/fields";
import { addPostApi } from "../../src/shared/api/blog-admin";

const IMAGE = { kinds: ["png", "jpg", "webp"] as const };

/** POST /api/add-post (multipart: title, author, category, content, optional image1, image2) -> { post } */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "POST");
    const staff = await requireStaff(app, req, "write");
    const fields = await parseBody(req, { files: true });
    const input = validate(addPostApi.body, fields);
    const image1 = await checkUpload(fields.image1, { ...IMAGE, field: "image1", label: "Profile Image" });
    const image2 = await checkUpload(fields.image2, { ...IMAGE, field: "image2", label: "Banner Image" });
    checkFilesTotal([image1, image2], "The two images");
    const post = await audited(
      app,
      staff,
      {
        action: "post.create",
        entity: "post",
        idOf: (p: { id: number }) => p.id,
        table: "posts",
        fields: AUDIT_FIELDS.posts,
      },
      ({ deps }) => createPost(deps, input, { image1, image2 }),
    );
    await app.deps.cdn.purge(postTags(post.id));
    return respond(addPostApi, { post, message: "Post added successfully" });
  },
  { api: addPostApi },
);

export const config: Config = { path: "/api/add-post" };
