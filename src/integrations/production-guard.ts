/**
 * Refuses a production build that still carries demo values. Netlify sets CONTEXT=production for
 * a production deploy (deploy previews and branch deploys get other values), so previews and local
 * builds keep working with the demo content, as the functions do with example settings
 * (src/server/platform/env.ts).
 *
 * Twice: before building, the owner's file and the content (src/config/production-check.ts); once
 * built, every text file of dist/ and of the on-demand pages' build, for the demo company's name
 * when the owner's file names another and for an old copyright year
 * (src/config/built-site-check.mjs; scripts/bundle-functions.mjs does the same for the functions).
 * Each stops the build with the list of what to replace, file by file.
 */
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import { collectProductionProblems, refusal } from "../config/production-check";
import { scanBuiltSite } from "../config/built-site-check.mjs";
import { readCompany } from "../config/company-file.mjs";
import { parseCompany } from "../config/company-schema";

const production = () => process.env.CONTEXT === "production";

export default function productionGuard(): AstroIntegration {
  let root = "";
  let server = "";
  return {
    name: "production-guard",
    hooks: {
      "astro:config:setup": async ({ command, config, logger }) => {
        if (command !== "build" || !production()) return;
        const problems = await collectProductionProblems(fileURLToPath(config.root));
        if (problems.length > 0) throw refusal(problems);
        logger.info("no demo values left: the production build goes ahead");
      },
      "astro:config:done": ({ config }) => {
        root = fileURLToPath(config.root);
        server = fileURLToPath(config.build.server);
      },
      "astro:build:done": async ({ dir, logger }) => {
        if (!production()) return;
        const { name } = parseCompany(readCompany(root));
        const year = new Date().getFullYear();
        const problems = await scanBuiltSite(root, [fileURLToPath(dir), server], { name, year });
        if (problems.length > 0) throw refusal(problems);
        logger.info(`the built site names ${name} only, with the copyright year ${year}`);
      },
    },
  };
}
