import type { Config } from "@netlify/functions";
import { fileTypeFromBuffer } from "file-type";
import { endpoint } from "../../src/server/http/endpoint";
import { applySecurityHeaders, NO_STORE } from "../../src/server/http/headers";
import { errorResponse } from "../../src/server/http/responses";
import { pathAfter } from "../../src/server/http/params";
import { filesApi } from "../../src/shared/api/platform";

/**
 * A PDF shown in the browser runs in a sandbox: no scripts, no forms, no plug-ins, an opaque
 * origin, so a hostile PDF cannot act on the site (https://www.w3.org/TR/CSP3/#directive-sandbox).
 */
export const INLINE_PDF_CSP =
  "sandbox; default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * GET /api/files/<key>?exp=&name=[&view=inline]&sig=: a private file through a short-lived signed
 * link from local storage. A link signed for viewing shows a PDF (judged by its bytes) in the
 * browser; anything else, and every other link, downloads. (With S3, links point at S3 itself.)
 */
export default endpoint(filesApi, async ({ req, app }) => {
  const url = new URL(req.url);
  const key = pathAfter(req, "/api/files/");
  if (key === undefined) return errorResponse(404, "This file no longer exists.");
  const q = url.searchParams;
  const inline = q.get("view") === "inline";
  const link = { key, exp: q.get("exp"), name: q.get("name"), sig: q.get("sig"), inline };
  const obj = await app.deps.storage.openSignedLink?.(link, app.deps.now().getTime());
  if (obj === undefined || obj === "invalid")
    return errorResponse(403, "This link is invalid or has expired. Open the file again from the dashboard.");
  if (!obj) return errorResponse(404, "This file no longer exists.");
  const name = (link.name ?? "file").replace(/[^\w.-]/g, "_");
  const pdf = inline && (await fileTypeFromBuffer(obj.body))?.mime === "application/pdf";
  const headers = applySecurityHeaders(
    new Headers({
      "Content-Type": pdf ? "application/pdf" : obj.contentType,
      "Content-Disposition": `${pdf ? "inline" : "attachment"}; filename="${name}"`,
      "Cache-Control": NO_STORE,
      "Content-Length": String(obj.body.length),
      ...(pdf ? { "Content-Security-Policy": INLINE_PDF_CSP } : {}),
    }),
  );
  return new Response(obj.body as Uint8Array<ArrayBuffer>, { headers });
});

export const config: Config = { path: "/api/files/*" };
