/**
 * A build needs only the public settings: the modules a build runs (the prerendered pages, the
 * layout and components they use, the Astro config and its integrations) never reach the
 * server's settings, and the public settings module reads nothing but public names.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadPublicEnv, publicSchema } from "../../src/config/public-env";
import { RETENTION_KINDS } from "../../src/shared/privacy/retention";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SERVER_ENV = path.join(ROOT, "src/server/platform/env.ts");
/** What a build may read: the public names and the retention lifetimes (the privacy notice shows them). */
const PUBLIC = [
  "SITE_URL",
  "GOOGLE_TAG_ID",
  "BLOCKED_EMAIL_DOMAINS",
  ...RETENTION_KINDS.map((k) => k.variable),
];

const IMPORT_RE =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s*)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;
const EXTS = ["", ".ts", ".tsx", ".mjs", ".js", ".astro", "/index.ts", "/index.tsx"];

function resolve(from: string, spec: string): string | undefined {
  if (!spec.startsWith(".")) return undefined;
  const base = path.resolve(path.dirname(from), spec.replace(/\?.*$/, ""));
  return EXTS.map((e) => base + e).find((f) => existsSync(f) && !f.endsWith("/"));
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  // In an .astro file only the frontmatter and scripts import modules; the whole text is fine.
  const out: string[] = [];
  for (const m of text.matchAll(IMPORT_RE)) {
    if (/^\s*import\s+type\s/.test(m[0].trim())) continue; // types vanish at build time
    const target = resolve(file, (m[1] ?? m[2])!);
    if (target && /\.(ts|tsx|mjs|js|astro)$/.test(target)) out.push(target);
  }
  return out;
}

/** The chain of imports from `start` to `target`, or undefined when it is not reached. */
function chainTo(start: string, target: string): string[] | undefined {
  const seen = new Map<string, string | null>([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const file = queue.shift()!;
    if (file === target) {
      const chain: string[] = [];
      for (let f: string | null = file; f; f = seen.get(f) ?? null) chain.unshift(path.relative(ROOT, f));
      return chain;
    }
    for (const next of importsOf(file))
      if (!seen.has(next)) {
        seen.set(next, file);
        queue.push(next);
      }
  }
  return undefined;
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? walk(path.join(dir, d.name)) : [path.join(dir, d.name)],
  );
}

const prerendered = walk(path.join(ROOT, "src/pages")).filter(
  (f) => /\.(astro|ts)$/.test(f) && !/export const prerender = false/.test(readFileSync(f, "utf8")),
);

describe("build-time modules", () => {
  it("finds the prerendered pages (the walk is not empty)", () => {
    const names = prerendered.map((f) => path.relative(ROOT, f));
    expect(names).toContain("src/pages/privacy.astro");
    expect(names).toContain("src/pages/contact.astro");
    expect(names).toContain("src/pages/product.astro");
  });

  it("the import walk sees a server-settings import where there is one", () => {
    // An on-demand page reads the database, so it does reach the server settings.
    expect(chainTo(path.join(ROOT, "src/pages/blog/index.astro"), SERVER_ENV)).toBeDefined();
  });

  it.each([
    ...prerendered.map((f) => path.relative(ROOT, f)),
    "astro.config.mjs",
    "src/integrations/page-csp.ts",
  ])("%s does not reach the server settings", (file) => {
    expect(chainTo(path.join(ROOT, file), SERVER_ENV)).toBeUndefined();
  });
});

describe("the public settings", () => {
  it("read only public names", () => {
    const read = new Set<string>();
    const source = new Proxy(
      { SITE_URL: "https://www.nimbus.test", SESSION_SECRET: "s".repeat(40) },
      {
        get(target, key) {
          if (typeof key === "string") read.add(key);
          return Reflect.get(target, key) as unknown;
        },
        ownKeys(target) {
          read.add("*"); // enumerating the environment would reach every variable
          return Reflect.ownKeys(target);
        },
      },
    ) as Record<string, string | undefined>;
    const e = loadPublicEnv(source);
    expect(e.siteUrl).toBe("https://www.nimbus.test");
    expect([...read].sort()).toEqual([...PUBLIC].sort());
    expect(Object.keys(publicSchema.shape).sort()).toEqual([...PUBLIC].sort());
  });

  it("build without SESSION_SECRET or DATABASE_URL", () => {
    expect(loadPublicEnv({ GOOGLE_TAG_ID: "G-ABC123" })).toEqual({
      siteUrl: "http://localhost:4321",
      googleTagId: "G-ABC123",
      blockedEmailDomains: expect.arrayContaining(["gmail.com"]) as unknown,
      retention: Object.fromEntries(RETENTION_KINDS.map((k) => [k.key, k.defaultDays])),
    });
  });
});
