import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/app";
import { applySecurityHeaders } from "../../src/server/headers";
import { errorResponse, requireMethod } from "../../src/server/http";
import { isPublicKey } from "../../src/server/storage";

/** GET /api/media/public/<uuid>.<ext>: public media (blog and profile images), cached for a year. */
export default endpoint(async (req, app) => {
  requireMethod(req, "GET", "HEAD");
  const key = decodeURIComponent(new URL(req.url).pathname.replace(/^\/api\/media\//, ""));
  if (!isPublicKey(key)) return errorResponse(404, "No such image.");
  const obj = await (await app.storage()).get(key);
  if (!obj) return errorResponse(404, "No such image.");
  const headers = applySecurityHeaders(
    new Headers({
      "Content-Type": obj.contentType,
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Length": String(obj.body.length),
    }),
  );
  return new Response(req.method === "HEAD" ? null : (obj.body as Uint8Array<ArrayBuffer>), { headers });
});

export const config: Config = { path: "/api/media/*" };
