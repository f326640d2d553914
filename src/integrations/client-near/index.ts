/**
 * The `client:near` directive (./directive.ts) for the pages' islands, and what it needs from the
 * build: each such island's `<astro-island>` gets a `data-modules` attribute listing every module
 * it loads to hydrate (./module-graph.ts), so the directive can ask for them all at once rather
 * than one import level after another.
 */
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import { islandModuleUrls } from "./module-graph";

declare module "astro" {
  interface AstroClientDirectives {
    /** Fetched within a screen of the view, hydrated in view (src/integrations/client-near). */
    "client:near"?: boolean;
  }
}

/** The built pages (.html under dir). */
function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".html"))
    .map((f) => path.join(dir, f));
}

/** Adds `data-modules` to every `client:near` island of a page's HTML; the HTML, or null if none. */
export function withIslandModules(distDir: string, html: string): string | null {
  let changed = false;
  const out = html.replace(/<astro-island\b[^>]*>/g, (tag) => {
    if (!/\sclient="near"/.test(tag) || /\sdata-modules="/.test(tag)) return tag;
    changed = true;
    const urls = islandModuleUrls(distDir, tag).join(" ").replace(/&/g, "&amp;");
    return tag.replace(/^<astro-island/, `<astro-island data-modules="${urls}"`);
  });
  return changed ? out : null;
}

export default function clientNear(): AstroIntegration {
  return {
    name: "client-near",
    hooks: {
      "astro:config:setup": ({ addClientDirective }) => {
        addClientDirective({
          name: "near",
          entrypoint: fileURLToPath(new URL("./directive.ts", import.meta.url)),
        });
      },
      "astro:build:done": ({ dir, logger }) => {
        const distDir = fileURLToPath(dir);
        let pages = 0;
        for (const file of htmlFiles(distDir)) {
          const html = withIslandModules(distDir, readFileSync(file, "utf8"));
          if (html === null) continue;
          writeFileSync(file, html);
          pages++;
        }
        logger.info(`client:near islands' modules listed on ${pages} page(s)`);
      },
    },
  };
}
