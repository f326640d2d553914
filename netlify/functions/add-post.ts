import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { recordAudited } from "../../src/server/common/audit";
import { AUDIT_FIELDS } from "../../src/server/common/audit-fields";
import { createPost } from "../../src/server/blog/add-post";
import { checkPostImages } from "../../src/server/blog/post-images";
import { addPostApi } from "../../src/shared/blog/admin-api";

const CREATED = { action: "post.create", entity: "post", table: "posts", fields: AUDIT_FIELDS.posts };

/** The fields first, then the optional profile and banner images by their bytes. */
export default endpoint(addPostApi, async ({ deps, actor, body, fields }) => {
  const images = await checkPostImages(fields);
  const spec = { ...CREATED, idOf: (post: { id: number }) => post.id };
  const post = await recordAudited(deps, actor, spec, (deps) => createPost(deps, body, images));
  return { post, message: "Post added successfully" };
});

export const config: Config = { path: "/api/add-post" };
