/**
 * The local server's stand-in for Netlify's CDN cache of on-demand pages, so a page rendered on
 * demand (the blog, the proof pages: home, /about, the service pages, the case studies) is
 * answered locally as in production: from the cache while its copy is fresh, rendered again once
 * an edit purged its tags or its `s-maxage` ran out.
 *
 * What it keeps: a GET's 200 answer that says `Netlify-CDN-Cache-Control: ...s-maxage=N` and sets
 * no cookie, under its URL and the request headers and cookies its `Netlify-Vary` and `Vary` name. What it
 * does not do: serve a stale copy while it refreshes (`stale-while-revalidate`); an expired copy is
 * rendered again at once. The functions' own cached answers (`/api/...`) are not kept.
 *
 * `cdn` is the Cdn port the local server hands to every function: an edit's purge drops the
 * copies that carry one of its tags, as Netlify's purge API does.
 */
import type { Cdn } from "../../src/server/platform/cdn";

interface Entry {
  status: number;
  headers: [string, string][];
  body: Uint8Array;
  tags: string[];
  expires: number;
}

export interface PageCache {
  /** The cached answer to a request, or undefined. */
  lookup(req: Request): Response | undefined;
  /** Keeps a copy of `res` when it may be kept; returns the answer to send (the same content). */
  store(req: Request, res: Response): Promise<Response>;
  cdn: Cdn;
  /** How many copies are kept (tests). */
  readonly size: number;
}

const MAX_ENTRIES = 500;

/**
 * The headers that speak to the CDN alone, which Netlify's CDN acts on and drops before the
 * visitor's browser (docs.netlify.com, "Caching"): the local server drops them from every answer
 * as well, so a page weighs locally what it weighs in production.
 */
export const CDN_ONLY_HEADERS = ["netlify-cdn-cache-control", "cdn-cache-control"] as const;

function sMaxAge(res: Response): number | undefined {
  const v = res.headers.get("netlify-cdn-cache-control");
  const m = v && /(?:^|,)\s*s-maxage=(\d+)/i.exec(v);
  return m ? Number(m[1]) : undefined;
}

/** The request's values that `Netlify-Vary` names (`header=A|B,cookie=c`), as part of the key. */
function varyKey(req: Request, vary: string | null): string {
  if (!vary) return "";
  const cookies = new Map(
    (req.headers.get("cookie") ?? "")
      .split(";")
      .map((c) => c.trim().split("="))
      .filter((p) => p[0])
      .map(([k, ...v]) => [k!, v.join("=")]),
  );
  const parts: string[] = [];
  for (const item of vary.split(",")) {
    const [kind, names = ""] = item.trim().split("=");
    for (const name of names.split("|").filter(Boolean)) {
      if (kind === "header") parts.push(`h:${name.toLowerCase()}=${req.headers.get(name) ?? ""}`);
      else if (kind === "cookie") parts.push(`c:${name}=${cookies.get(name) ?? ""}`);
    }
  }
  return parts.join("&");
}

/**
 * What the answer varies on, as `Netlify-Vary` writes it: its own `Netlify-Vary`, plus the request
 * headers a standard `Vary` names (Save-Data, say; Accept-Encoding is left out, as the server
 * compresses each answer itself). Undefined for `Vary: *`, which no cache may keep.
 */
function varyOf(headers: Headers): string | null | undefined {
  const standard = (headers.get("vary") ?? "")
    .split(",")
    .map((h) => h.trim())
    .filter((h) => h && h.toLowerCase() !== "accept-encoding");
  if (standard.includes("*")) return undefined;
  const parts = [headers.get("netlify-vary"), standard.length ? `header=${standard.join("|")}` : null].filter(
    Boolean,
  );
  return parts.length ? parts.join(",") : null;
}

/**
 * `now` is the cache's clock. `moment` gives the moment a request names for itself on a server
 * started for tests (src/server/platform/clock.ts): such a request finds the copies as they stand
 * at that moment (one that expires before it is gone), and its own answer is not kept, as it
 * belongs to no other request's time.
 */
export function createPageCache(
  now: () => number = Date.now,
  moment: (req: Request) => Date | undefined = () => undefined,
): PageCache {
  /** URL -> the Netlify-Vary of its answer; (URL + vary values) -> the copy. */
  const varies = new Map<string, string | null>();
  const entries = new Map<string, Entry>();
  const keyOf = (req: Request) => `${req.url}\n${varyKey(req, varies.get(req.url) ?? null)}`;

  return {
    lookup(req) {
      if (req.method !== "GET" && req.method !== "HEAD") return undefined;
      if (!varies.has(req.url)) return undefined;
      const key = keyOf(req);
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expires <= (moment(req)?.getTime() ?? now())) {
        entries.delete(key);
        return undefined;
      }
      const headers = new Headers(entry.headers);
      headers.set("cache-status", '"Netlify Edge"; hit');
      return new Response(req.method === "HEAD" ? null : entry.body.slice(), {
        status: entry.status,
        headers,
      });
    },
    async store(req, res) {
      const maxAge = sMaxAge(res);
      if (req.method !== "GET" || res.status !== 200 || !maxAge || res.headers.has("set-cookie")) return res;
      if (moment(req)) return res;
      const body = new Uint8Array(await res.arrayBuffer());
      const headers = [...res.headers];
      const tags = (res.headers.get("netlify-cache-tag") ?? "")
        .split(",")
        .map((t) => t.trim())
        .filter(Boolean);
      const vary = varyOf(res.headers);
      if (vary === undefined) return res;
      varies.set(req.url, vary);
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(keyOf(req), { status: res.status, headers, body, tags, expires: now() + maxAge * 1000 });
      return new Response(body.slice(), { status: res.status, headers });
    },
    cdn: {
      async purge(tags) {
        for (const [key, entry] of entries) if (entry.tags.some((t) => tags.includes(t))) entries.delete(key);
      },
    },
    get size() {
      return entries.size;
    },
  };
}
