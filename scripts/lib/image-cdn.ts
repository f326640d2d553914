/**
 * Netlify's Image CDN (/.netlify/images?url=…&w=…) on this machine, for the local server
 * (scripts/serve.ts) and the rehearsal's edge (scripts/rehearse/edge.ts): Netlify's own code for
 * it, @netlify/images (what `netlify dev` runs), fetching the source from the site's origin, so
 * pages link to the same addresses locally and deployed. Like the CDN, it keeps what it made:
 * the answers are cached in memory (by address and accepted formats), so a page's second view does
 * not make its images again. Its answers carry the site's security headers.
 */
import { ImageHandler } from "@netlify/images";
import { applySecurityHeaders } from "../../src/server/http/headers";

interface Cached {
  status: number;
  headers: [string, string][];
  body: Uint8Array;
}

/** The most kept in memory; the oldest answers go first. */
const CACHE_BYTES = 64 * 1024 * 1024;

/** An answer for `/.netlify/images` requests (undefined for any other address). */
export function imageCdn(origin: string, log: (message?: string) => void = (m) => console.warn(m)) {
  const handler = new ImageHandler({
    logger: { log, warn: log, error: log },
    imagesConfig: { remote_images: [] },
  });
  const cache = new Map<string, Cached>();
  let bytes = 0;
  return async function answer(request: Request): Promise<Response | undefined> {
    const match = handler.match(request);
    if (!match) return undefined;
    const key = `${new URL(request.url).search} ${request.headers.get("accept") ?? ""}`;
    let hit = cache.get(key);
    if (!hit) {
      const res = await match.handle(origin);
      const headers = applySecurityHeaders(new Headers(res.headers));
      hit = { status: res.status, headers: [...headers], body: new Uint8Array(await res.arrayBuffer()) };
      if (res.status === 200) {
        cache.set(key, hit);
        bytes += hit.body.length;
        for (const [k, v] of cache) {
          if (bytes <= CACHE_BYTES) break;
          cache.delete(k);
          bytes -= v.body.length;
        }
      }
    }
    return new Response(request.method === "HEAD" ? null : hit.body.slice(), {
      status: hit.status,
      headers: hit.headers,
    });
  };
}
