import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { createPost } from "../../src/server/blog/add-post";
import { checkPostImages } from "../../src/server/blog/post-images";
import { addPostApi } from "../../src/shared/blog/admin-api";

/** The fields first, then the optional profile and banner images by their bytes. */
export default endpoint(addPostApi, async ({ deps, actor, body, fields }) => {
  const images = await checkPostImages(fields);
  const post = await createPost(deps, actor, body, images);
  return { post, message: "Post added successfully" };
});

export const config: Config = { path: "/api/add-post" };
