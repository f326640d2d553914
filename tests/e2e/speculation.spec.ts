import { expect, test, type Page } from "@playwright/test";
import { NEVER_SPECULATE_PATHS } from "../../src/config/speculation";
import { watchViolations } from "./helpers/csp";

/**
 * The public pages' Speculation Rules never name a staff or API address. The pages are the
 * sitemap's (as served) and the newest blog post; each page's rules are read from its HTML and
 * evaluated in Chromium itself (its URLPattern and CSS matching) against links to those addresses,
 * placed where the rules look for likely next pages (the menu, a page's buttons, a post card).
 */
type Where = Record<string, unknown>;
interface Rules {
  prefetch?: { where?: Where; urls?: string[] }[];
  prerender?: { where?: Where; urls?: string[] }[];
}

/** Addresses no rule may match: each forbidden path, below it, in other cases, with a query, absolute. */
const forbidden = (origin: string) =>
  NEVER_SPECULATE_PATHS.flatMap((p) => [
    p,
    `${p}/`,
    `${p}/leads`,
    `${p}/x/y?z=1`,
    p.toUpperCase(),
    `${p[0]}${p[1]!.toUpperCase()}${p.slice(2)}/x`,
    `${origin}${p}/x`,
  ]);

async function publicPages(page: Page): Promise<string[]> {
  const xml = await (await page.request.get("/sitemap.xml")).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const posts = (await (await page.request.get("/api/get-posts")).json()) as { posts: { slug: string }[] };
  expect(paths.length).toBeGreaterThan(5);
  expect(posts.posts.length).toBeGreaterThan(0);
  return [...paths, `/blog/${posts.posts[0]!.slug}`];
}

function rulesOf(html: string): Rules[] {
  return [...html.matchAll(/<script type="speculationrules">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Rules,
  );
}

/** Each link's address for which some rule (prefetch or prerender) would match it. */
async function matched(page: Page, rules: Rules[], hrefs: string[]): Promise<string[]> {
  return page.evaluate(
    ({ rules, hrefs }) => {
      const test = (where: Record<string, unknown>, a: HTMLAnchorElement): boolean => {
        if ("and" in where) return (where.and as Record<string, unknown>[]).every((w) => test(w, a));
        if ("or" in where) return (where.or as Record<string, unknown>[]).some((w) => test(w, a));
        if ("not" in where) return !test(where.not as Record<string, unknown>, a);
        if ("href_matches" in where) {
          const list = ([] as unknown[]).concat(where.href_matches);
          return list.some((p) => {
            const Pattern = (
              globalThis as unknown as {
                URLPattern: new (p: unknown, b: string) => { test(u: string): boolean };
              }
            ).URLPattern;
            return new Pattern(p, document.baseURI).test(a.href);
          });
        }
        if ("selector_matches" in where)
          return ([] as string[]).concat(where.selector_matches as string).some((s) => a.matches(s));
        throw new Error(`unknown condition ${JSON.stringify(where)}`);
      };
      // Links where the rules look for the likely next pages, and a plain one.
      const places = [
        document.querySelector(".site-header nav") ?? document.body,
        Object.assign(document.createElement("div"), { className: "post-card" }),
        document.querySelector("main") ?? document.body,
      ];
      document.querySelector("main")?.append(places[1] as Element);
      const hits: string[] = [];
      for (const href of hrefs)
        for (const [i, place] of places.entries()) {
          const a = document.createElement("a");
          a.href = href;
          if (i === 2) a.className = "btn";
          place.append(a);
          const rulesHit = rules.some((r) =>
            [...(r.prefetch ?? []), ...(r.prerender ?? [])].some((rule) =>
              rule.where
                ? test(rule.where, a)
                : (rule.urls ?? []).some((u) => new URL(u, document.baseURI).href === a.href),
            ),
          );
          if (rulesHit && !hits.includes(href)) hits.push(href);
          a.remove();
        }
      return hits;
    },
    { rules, hrefs },
  );
}

test.describe("speculation rules", () => {
  test.skip(({ isMobile }) => isMobile, "the rules do not depend on the device");

  test("no public page's rules can match a dashboard, admin or API address", async ({ page, baseURL }) => {
    test.setTimeout(180_000);
    const violations = await watchViolations(page);
    const pages = await publicPages(page);
    for (const path of pages) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(200);
      const rules = rulesOf(await res!.text());
      expect(rules.length, `${path} has speculation rules`).toBe(1);
      for (const r of rules)
        for (const rule of [...(r.prefetch ?? []), ...(r.prerender ?? [])]) {
          // Document rules only, each with a `not` clause at its top level.
          expect(rule.urls, path).toBeUndefined();
          const and = (rule.where?.and ?? []) as Where[];
          expect(
            and.some((w) => "not" in w),
            `${path}: a rule without a not clause`,
          ).toBe(true);
        }
      expect(await matched(page, rules, forbidden(baseURL!)), path).toEqual([]);
      // The evaluation can fail: an ordinary page of the site is matched.
      expect(await matched(page, rules, ["/about", "/blog"]), path).toEqual(["/about", "/blog"]);
    }
    // The CSP allows the rules by their hash: no page reported a violation.
    expect(await violations()).toEqual([]);
  });

  test("staff pages carry no rules, and a visitor saving data gets none on demand", async ({ page }) => {
    for (const path of ["/admin", "/dashboard", "/dashboard/leads"]) {
      const html = await (await page.request.get(path)).text();
      expect(rulesOf(html), path).toEqual([]);
    }
    const saving = await page.request.get("/blog", { headers: { "Save-Data": "on" } });
    expect(rulesOf(await saving.text())).toEqual([]);
    expect(saving.headers()["vary"] ?? "").toMatch(/save-data/i);
    expect(rulesOf(await (await page.request.get("/blog")).text())).toHaveLength(1);
  });
});
