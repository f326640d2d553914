/**
 * A page whose island is its whole content and starts at once (client:only, client:load: the
 * dashboard, the sign-in page) names every module it will run in `<link rel="modulepreload">`:
 * the island's component and renderer and all they import, and on a dashboard screen's page the
 * screen's own code (a chunk the app imports when it starts). The browser then fetches them all
 * beside the page, instead of one import level after another (each level a round trip: 150 ms on
 * a phone). The public pages' islands start later on purpose and are left alone.
 */
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { AstroIntegration } from "astro";
import type { Plugin } from "vite";
import { tsImport } from "tsx/esm/api";
import { islandModuleUrls, moduleGraphUrls } from "./client-near/module-graph";

/** An island that starts when the page loads. */
const AT_ONCE = /<astro-island\b[^>]*\sclient="(?:load|only)"[^>]*>/g;

/** The dashboard's screens, each a folder with meta.ts (its path) and index.ts (its lazy import). */
const SCREENS_DIR = "src/islands/dashboard/screens";

/** Each dashboard screen's page (its site path) and its code's source file. */
async function screenSources(root: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const dir = path.join(root, SCREENS_DIR);
  for (const folder of readdirSync(dir, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue;
    const here = path.join(dir, folder.name);
    const { meta } = (await tsImport(pathToFileURL(path.join(here, "meta.ts")).href, import.meta.url)) as {
      meta: { path: string };
    };
    const lazy = /import\(\s*["']\.\/([\w.-]+)["']\s*\)/.exec(
      readFileSync(path.join(here, "index.ts"), "utf8"),
    );
    if (!lazy) throw new Error(`${SCREENS_DIR}/${folder.name}/index.ts: no import() of the screen's code`);
    const source = [".tsx", ".ts"].map((ext) => path.join(here, lazy[1]! + ext)).find((f) => existsSync(f));
    if (!source) throw new Error(`${SCREENS_DIR}/${folder.name}: ./${lazy[1]} not found`);
    out.set(`/dashboard${meta.path ? `/${meta.path}` : ""}`.replace(/\/+$/, "") || "/dashboard", source);
  }
  return out;
}

/** The page's modulepreload links, put before </head>; the HTML unchanged when it has none. */
export function withPreloads(html: string, urls: readonly string[]): string {
  const links = urls
    .map((u) => `<link rel="modulepreload" href="${u.replace(/&/g, "&amp;")}">`)
    .filter((link) => !html.includes(link));
  return links.length ? html.replace("</head>", `${links.join("")}</head>`) : html;
}

export default function preloadAtOnce(): AstroIntegration {
  /** The client build's chunks that a module is the entry of: source file -> /_astro/ URL. */
  const chunkOf = new Map<string, string>();
  let root = process.cwd();
  const record: Plugin = {
    name: "preload-at-once:chunks",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle(_, bundle) {
      for (const chunk of Object.values(bundle))
        if (chunk.type === "chunk" && chunk.facadeModuleId)
          chunkOf.set(chunk.facadeModuleId.split("?")[0]!, `/${chunk.fileName}`);
    },
  };
  return {
    name: "preload-at-once",
    hooks: {
      "astro:config:setup": ({ config, updateConfig }) => {
        root = fileURLToPath(config.root);
        updateConfig({ vite: { plugins: [record] } });
      },
      "astro:build:done": async ({ dir, logger }) => {
        const distDir = fileURLToPath(dir);
        const screens = await screenSources(root);
        let pages = 0;
        for (const rel of readdirSync(distDir, { recursive: true, encoding: "utf8" })) {
          if (!rel.endsWith(".html")) continue;
          const file = path.join(distDir, rel);
          const html = readFileSync(file, "utf8");
          const urls = [...html.matchAll(AT_ONCE)].flatMap((m) => islandModuleUrls(distDir, m[0]));
          if (!urls.length) continue;
          const sitePath = `/${rel.replace(/(^|\/)index\.html$/, "").replace(/\.html$/, "")}`.replace(
            /\/$/,
            "",
          );
          const screen = screens.get(sitePath || "/");
          if (screen) {
            const chunk = chunkOf.get(screen);
            if (!chunk)
              throw new Error(`${sitePath}: the build made no chunk of ${path.relative(root, screen)}`);
            urls.push(...moduleGraphUrls(distDir, [chunk]));
          }
          // The largest first: on a connection-limited HTTP/1.1 link the longest download then
          // starts at once, and the small ones fill the other connections around it.
          const size = (u: string) => statSync(path.join(distDir, new URL(u, "http://site").pathname)).size;
          const out = withPreloads(
            html,
            [...new Set(urls)].sort((a, b) => size(b) - size(a)),
          );
          if (out === html) continue;
          writeFileSync(file, out);
          pages++;
        }
        logger.info(`modules preloaded on ${pages} page(s) whose island starts at once`);
      },
    },
  };
}
