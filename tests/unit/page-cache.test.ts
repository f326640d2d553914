/**
 * The local server's stand-in for the CDN cache of on-demand pages (scripts/lib/page-cache.ts):
 * it keeps what Netlify's CDN would keep, for as long, and an edit's purge drops it.
 */
import { describe, expect, it } from "vitest";
import { createPageCache } from "../../scripts/lib/page-cache";

const page = (body: string, headers: Record<string, string> = {}) =>
  new Response(body, {
    status: 200,
    headers: {
      "content-type": "text/html",
      "netlify-cdn-cache-control": "public, durable, s-maxage=300, stale-while-revalidate=604800",
      "netlify-cache-tag": "proof,sitemap",
      ...headers,
    },
  });
const get = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers });

describe("the local CDN cache of on-demand pages", () => {
  it("answers a second request from its copy, marked as a hit, with the same body and headers", async () => {
    const cache = createPageCache();
    expect(cache.lookup(get("http://x/"))).toBeUndefined();
    const sent = await cache.store(get("http://x/"), page("home v1"));
    expect(await sent.text()).toBe("home v1");
    const hit = cache.lookup(get("http://x/"))!;
    expect(await hit.text()).toBe("home v1");
    expect(hit.headers.get("netlify-cache-tag")).toBe("proof,sitemap");
    expect(hit.headers.get("cache-status")).toMatch(/hit/);
    expect(cache.lookup(get("http://x/about"))).toBeUndefined();
  });

  it("a purge of one of its tags drops the copy; other tags leave it", async () => {
    const cache = createPageCache();
    await cache.store(get("http://x/"), page("home"));
    await cache.store(get("http://x/blog"), page("blog", { "netlify-cache-tag": "blog" }));
    await cache.cdn.purge(["careers"]);
    expect(cache.size).toBe(2);
    await cache.cdn.purge(["proof"]);
    expect(cache.lookup(get("http://x/"))).toBeUndefined();
    expect(cache.lookup(get("http://x/blog"))).toBeDefined();
  });

  it("keeps a copy for its s-maxage only", async () => {
    let now = 1_000_000;
    const cache = createPageCache(() => now);
    await cache.store(
      get("http://x/blog"),
      page("soon", { "netlify-cdn-cache-control": "public, durable, s-maxage=60" }),
    );
    now += 59_000;
    expect(cache.lookup(get("http://x/blog"))).toBeDefined();
    now += 1_000;
    expect(cache.lookup(get("http://x/blog"))).toBeUndefined();
  });

  it("judges a request that names its moment (the tests' clock) at that moment, and keeps nothing for it", async () => {
    let now = 1_000_000;
    const moment = (req: Request) => {
      const at = req.headers.get("x-test-clock");
      return at ? new Date(Number(at)) : undefined;
    };
    const cache = createPageCache(() => now, moment);
    await cache.store(
      get("http://x/blog"),
      page("until the post", { "netlify-cdn-cache-control": "public, durable, s-maxage=60" }),
    );
    const at = (ms: number) => get("http://x/blog", { "x-test-clock": String(ms) });
    expect(cache.lookup(at(now + 59_000))).toBeDefined();
    expect(cache.lookup(at(now + 60_000))).toBeUndefined();
    // An answer made for a named moment is not kept: the real clock's copy is gone, none replaces it.
    await cache.store(at(now + 60_000), page("with the post"));
    expect(cache.size).toBe(0);
    expect(cache.lookup(get("http://x/blog"))).toBeUndefined();
    now += 1_000;
    await cache.store(get("http://x/blog"), page("again"));
    expect(await cache.lookup(get("http://x/blog"))!.text()).toBe("again");
  });

  it("keeps nothing the CDN would not: no CDN lifetime, a cookie set, another status, a POST", async () => {
    const cache = createPageCache();
    await cache.store(get("http://x/a"), new Response("a", { headers: { "cache-control": "no-store" } }));
    await cache.store(get("http://x/b"), page("b", { "set-cookie": "s=1" }));
    await cache.store(get("http://x/c"), new Response("c", { status: 404, headers: page("").headers }));
    await cache.store(new Request("http://x/d", { method: "POST", body: "x" }), page("d"));
    expect(cache.size).toBe(0);
  });

  it("keeps one copy per value of what Netlify-Vary names", async () => {
    const cache = createPageCache();
    const vary = { "netlify-vary": "header=Sec-GPC" };
    await cache.store(get("http://x/config.json"), page("no signal", vary));
    await cache.store(get("http://x/config.json", { "sec-gpc": "1" }), page("opted out", vary));
    expect(await cache.lookup(get("http://x/config.json"))!.text()).toBe("no signal");
    expect(await cache.lookup(get("http://x/config.json", { "sec-gpc": "1" }))!.text()).toBe("opted out");
  });

  it("keeps one copy per value of what a standard Vary names, and none for Vary: *", async () => {
    const cache = createPageCache();
    const vary = { vary: "Save-Data, Accept-Encoding" };
    await cache.store(get("http://x/blog"), page("with rules", vary));
    expect(cache.lookup(get("http://x/blog", { "save-data": "on" }))).toBeUndefined();
    await cache.store(get("http://x/blog", { "save-data": "on" }), page("without rules", vary));
    expect(await cache.lookup(get("http://x/blog"))!.text()).toBe("with rules");
    expect(await cache.lookup(get("http://x/blog", { "save-data": "on" }))!.text()).toBe("without rules");
    await cache.store(get("http://x/any"), page("any", { vary: "*" }));
    expect(cache.lookup(get("http://x/any"))).toBeUndefined();
  });
});
