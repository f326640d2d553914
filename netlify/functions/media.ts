import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { applySecurityHeaders } from "../../src/server/http/headers";
import { errorResponse } from "../../src/server/http/responses";
import { pathAfter } from "../../src/server/http/params";
import { MEDIA_WIDTH, mediaOriginal } from "../../src/shared/common/media";
import { readPublicMedia } from "../../src/server/platform/images/public-media";
import { PLACEHOLDER_SVG } from "../../src/server/platform/images/placeholder-images";
import { isPublicKey } from "../../src/server/platform/storage/storage";
import { mediaApi } from "../../src/shared/api/platform";

/**
 * What a browser showing a picture gets when the image cannot be served: still 404, but with the
 * placeholder drawing as its body, which browsers display, so a page never shows a broken image
 * (the avatar drawing for the avatars' copies, the banner one otherwise). Other clients get JSON.
 * Cached briefly only: a missing image may be a storage outage that passes.
 */
function missing(req: Request, key: string): Response {
  const accept = req.headers.get("accept") ?? "";
  if (!/\bimage\//.test(accept)) return errorResponse(404, "No such image.", { Vary: "Accept" });
  const svg =
    mediaOriginal(key)?.width === MEDIA_WIDTH.avatar ? PLACEHOLDER_SVG.avatar : PLACEHOLDER_SVG.banner;
  const body = new TextEncoder().encode(svg);
  const headers = applySecurityHeaders(
    new Headers({
      "Content-Type": "image/svg+xml",
      "Cache-Control": "public, max-age=300",
      "Content-Length": String(body.length),
      Vary: "Accept",
    }),
  );
  return new Response(req.method === "HEAD" ? null : body, { status: 404, headers });
}

/**
 * GET /api/media/public/<uuid>.<ext> (or <uuid>.w<width>.<ext>, the narrower copy of an image
 * stored before the Image CDN made the sizes): public media (blog and profile images), as stored,
 * cached for a year. The Image CDN fetches originals here. A copy never stored answers 301 to the
 * CDN's address for it, so an old link still shows the picture.
 */
export default endpoint(mediaApi, async ({ req, app }) => {
  const key = pathAfter(req, "/api/media/");
  if (key === undefined || !isPublicKey(key)) return errorResponse(404, "No such image.");
  const found = await readPublicMedia(app.deps.storage, key);
  if (!found) return missing(req, key);
  if ("cdn" in found)
    return new Response(null, {
      status: 301,
      headers: applySecurityHeaders(
        new Headers({ Location: found.cdn, "Cache-Control": "public, max-age=31536000, immutable" }),
      ),
    });
  const obj = found.object;
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
