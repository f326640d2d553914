/**
 * Refuses a production build that still carries demo values. Netlify sets CONTEXT=production for
 * a production deploy (deploy previews and branch deploys get other values), so previews and local
 * builds keep working with the demo content, as the functions do with example settings
 * (src/server/platform/env.ts).
 */
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import { collectProductionProblems, formatProblems } from "../config/production-check";

export default function productionGuard(): AstroIntegration {
  return {
    name: "production-guard",
    hooks: {
      "astro:config:setup": async ({ command, config, logger }) => {
        if (command !== "build" || process.env.CONTEXT !== "production") return;
        const problems = await collectProductionProblems(fileURLToPath(config.root));
        if (problems.length > 0) throw new Error(formatProblems(problems));
        logger.info("no demo values left: the production build goes ahead");
      },
    },
  };
}
