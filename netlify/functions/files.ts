import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/app";
import { applySecurityHeaders, NO_STORE } from "../../src/server/headers";
import { errorResponse, requireMethod } from "../../src/server/http";
import { verifyLocalSignature } from "../../src/server/storage";

/**
 * GET /api/files/<key>?exp=&name=&sig=: a private file through a short-lived signed link from
 * local storage, always as a download. (With S3, signed links point at S3 itself.)
 */
export default endpoint(async (req, app) => {
  requireMethod(req, "GET");
  const url = new URL(req.url);
  const key = decodeURIComponent(url.pathname.replace(/^\/api\/files\//, ""));
  const q = url.searchParams;
  const params = { key, exp: q.get("exp"), name: q.get("name"), sig: q.get("sig") };
  if (app.env.storage.kind !== "local" || !verifyLocalSignature(app.secret, params, app.now().getTime()))
    return errorResponse(403, "This link is invalid or has expired. Open the file again from the dashboard.");
  const obj = await (await app.storage()).get(key);
  if (!obj) return errorResponse(404, "This file no longer exists.");
  const name = (params.name ?? "file").replace(/[^\w.-]/g, "_");
  const headers = applySecurityHeaders(
    new Headers({
      "Content-Type": obj.contentType,
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": NO_STORE,
      "Content-Length": String(obj.body.length),
    }),
  );
  return new Response(obj.body as Uint8Array<ArrayBuffer>, { headers });
});

export const config: Config = { path: "/api/files/*" };
