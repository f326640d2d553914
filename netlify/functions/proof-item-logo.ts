import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { checkLogo, uploadLogo } from "../../src/server/site/proof-items";
import { uploadLogoApi } from "../../src/shared/site/api";

/** The logo is judged by its bytes first (SVG and other kinds: 415), then re-encoded and stored. */
export default endpoint(uploadLogoApi, async ({ deps, actor, params: { id }, fields }) => {
  const bytes = await checkLogo(fields.logo);
  const item = await uploadLogo(deps, actor, id, bytes);
  return { item, message: "Logo uploaded" };
});

export const config: Config = { path: "/api/proof-items/:id/logo" };
