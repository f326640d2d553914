import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { updatePost } from "../../src/server/blog/update-post";
import { checkPostImages } from "../../src/server/blog/post-images";
import { updatePostApi } from "../../src/shared/blog/admin-api";

/** An image sent replaces the old one. */
export default endpoint(updatePostApi, async ({ deps, actor, body: { id, ...input }, fields }) => {
  const images = await checkPostImages(fields);
  const post = await updatePost(deps, actor, id, input, images);
  return { post, message: "Post updated successfully" };
});

export const config: Config = { path: "/api/update-post" };
