/**
 * After the build, narrows the <meta> CSP of every prerendered page to the hashes of that page's
 * own inline scripts and styles (see src/server/http/csp.ts), after Astro's inline island runtime
 * became a script file (src/server/http/html-head.ts), which it writes beside the other scripts.
 * On-demand pages get the same from the middleware.
 */
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import { narrowMetaCsp } from "../server/http/csp";
import { ISLAND_RUNTIME_FILE } from "../components/layout/island-loader";
import { externalIslandRuntime, hoistIslandStyle } from "../server/http/html-head";

async function* htmlFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(path);
    else if (entry.name.endsWith(".html")) yield path;
  }
}

export default function pageCsp(): AstroIntegration {
  return {
    name: "page-csp",
    hooks: {
      "astro:build:done": async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const runtime = join(root, ISLAND_RUNTIME_FILE.path);
        await mkdir(join(runtime, ".."), { recursive: true });
        await writeFile(runtime, ISLAND_RUNTIME_FILE.text);
        let pages = 0;
        for await (const file of htmlFiles(root)) {
          const html = await readFile(file, "utf8");
          const narrowed = narrowMetaCsp(externalIslandRuntime(hoistIslandStyle(html)));
          if (narrowed !== html) {
            await writeFile(file, narrowed);
            pages++;
          }
        }
        logger.info(`CSP narrowed to each page's own inline code on ${pages} pages`);
      },
    },
  };
}
