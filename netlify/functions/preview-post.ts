import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { previewPost } from "../../src/server/blog/preview-post";
import { previewPostApi } from "../../src/shared/blog/admin-api";

/** The same renderer and sanitiser as the public page, for the editor's Preview tab. */
export default endpoint(previewPostApi, async ({ body: { content, format } }) =>
  previewPost(content, format),
);

export const config: Config = { path: "/api/preview-post" };
