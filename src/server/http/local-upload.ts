/**
 * PUT /api/files/<key>?exp=&max=&type=&sig=: a file a browser sends straight to local storage
 * through a link signed by signedUploadUrl (platform/storage/local.ts), as it would to S3 through a presigned PUT.
 * Answered by the local server itself (scripts/serve.ts), never by a function: the body is
 * streamed to disk and cut off at the signed limit, so no function's body limit applies and no
 * larger body is kept. (With S3, upload links point at S3.)
 */
import { applySecurityHeaders, NO_STORE } from "./headers";
import { errorResponse } from "./responses";
import type { LocalStorage } from "../platform/storage/local";

export const UPLOAD_PREFIX = "/api/files/";

export const UPLOAD_REFUSALS = {
  invalid: "This upload link is invalid or has expired. Start the upload again from the dashboard.",
  "wrong-type": "This upload link takes another type of file. Start the upload again from the dashboard.",
  "too-large": "This file is larger than the upload link allows.",
} as const;

/** Whether the local server hands a request to localUpload. */
export const isLocalUpload = (method: string | undefined, pathname: string) =>
  method === "PUT" && pathname.startsWith(UPLOAD_PREFIX);

export async function localUpload(
  storage: LocalStorage,
  req: { url: string; contentType: string | undefined; body: AsyncIterable<Uint8Array> },
  nowMs: number,
): Promise<Response> {
  const url = new URL(req.url);
  let key: string;
  try {
    key = decodeURIComponent(url.pathname.slice(UPLOAD_PREFIX.length));
  } catch {
    return errorResponse(403, UPLOAD_REFUSALS.invalid);
  }
  const q = url.searchParams;
  const link = { key, exp: q.get("exp"), max: q.get("max"), type: q.get("type"), sig: q.get("sig") };
  const outcome = await storage.receiveUpload(link, req.contentType, req.body, nowMs);
  const headers = { "Cache-Control": NO_STORE };
  if (outcome === "invalid") return errorResponse(403, UPLOAD_REFUSALS.invalid, headers);
  if (outcome === "wrong-type") return errorResponse(415, UPLOAD_REFUSALS["wrong-type"], headers);
  if (outcome === "too-large") return errorResponse(413, UPLOAD_REFUSALS["too-large"], headers);
  return new Response(null, { status: 201, headers: applySecurityHeaders(new Headers(headers)) });
}
