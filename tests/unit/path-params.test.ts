/**
 * Functions read path ids from `context.params`. The local server, the in-process tests and the
 * rehearsal route with scripts/lib/functions.ts; its params must equal what Netlify's runtime
 * computes with URLPattern from the matched `config.path`, for every path a function declares.
 */
import { URLPattern } from "urlpattern-polyfill/urlpattern";
import { beforeAll, describe, expect, it } from "vitest";
import { loadFunctions, paramsOf, type LoadedFunction } from "../../scripts/lib/functions";

let fns: LoadedFunction[];
beforeAll(async () => {
  fns = await loadFunctions();
}, 60_000);

/** What Netlify's function bootstrap hands over as context.params for a route and a URL. */
function netlifyParams(route: string, url: string): Record<string, string> {
  const groups = new URLPattern({ pathname: route, baseURL: url }).exec(url)?.pathname.groups ?? {};
  return Object.fromEntries(Object.entries(groups).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >;
}

const SAMPLES = ["12", "abc-DEF_123", "0", "1e3", "%20x"];

describe("path params", () => {
  it("covers the functions that take a path parameter", () => {
    const withParams = fns.filter((f) => /:\w+|\*/.test(f.path)).map((f) => f.path);
    expect(withParams).toContain("/api/delete-user/:id");
    expect(withParams).toContain("/api/media/*");
  });

  it("equal Netlify's for every configured path", () => {
    for (const f of fns) {
      for (const sample of SAMPLES) {
        const pathname = f.path.replace(/:\w+/g, sample).replace(/\*/g, `public/${sample}.webp`);
        const url = `http://localhost${pathname}`;
        expect(paramsOf(f.path, pathname), `${f.path} ${pathname}`).toEqual(netlifyParams(f.path, url));
      }
    }
  });

  it("are undefined for a path that does not match", () => {
    expect(paramsOf("/api/delete-user/:id", "/api/delete-user/1/2")).toBeUndefined();
    expect(paramsOf("/api/delete-user/:id", "/api/delete-user/")).toBeUndefined();
  });
});
