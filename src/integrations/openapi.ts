/**
 * Writes the API's OpenAPI document (src/shared/api/openapi.ts) at the start of every build, to
 * the file GET /api/openapi.json serves (netlify/functions/openapi.ts). The file is kept in the
 * repository, so a change of the API shows in its diff; tests/unit/openapi.test.ts fails while it
 * is older than the contracts.
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import { openApiDocument } from "../shared/api/openapi";

/** Where the document is written, from the project's root. */
export const OPENAPI_FILE = "src/shared/api/openapi.json";

/** The document as the file holds it. */
export const openApiText = () => `${JSON.stringify(openApiDocument(), null, 2)}\n`;

export async function writeOpenApi(root: string): Promise<string> {
  const file = path.join(root, OPENAPI_FILE);
  await writeFile(file, openApiText());
  return file;
}

export default function openApi(): AstroIntegration {
  let root = process.cwd();
  return {
    name: "openapi",
    hooks: {
      "astro:config:done": ({ config }) => {
        root = fileURLToPath(config.root);
      },
      "astro:build:start": async ({ logger }) => {
        const file = await writeOpenApi(root);
        logger.info(`API document written: ${path.relative(root, file)}`);
      },
    },
  };
}
