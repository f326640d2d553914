/**
 * Netlify's build, run offline as a deploy runs it: the netlify.toml build command, then every
 * function (netlify/functions and the framework's SSR function) bundled by zip-it-and-ship-it
 * into .netlify/functions/*.zip with its manifest.json. The caller gives the environment: only
 * the variables a site sets for the Builds scope.
 */
import build from "@netlify/build";

const started = Date.now();
const result = await build({
  cwd: process.cwd(),
  offline: true,
  // A deploy preview: the rehearsal deploys the demo content, which a production deploy refuses
  // (src/integrations/production-guard.ts; tests/unit/production-check.test.ts runs that refusal).
  // Deployed functions never read CONTEXT, so they run exactly as in production.
  context: "deploy-preview",
  mode: "cli",
  telemetry: false,
  buffer: false,
  siteId: process.env.SITE_ID ?? "rehearsal-site",
  deployId: "rehearsal",
  featureFlags: {},
});
console.log(
  `Netlify build ${result.success ? "succeeded" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
process.exit(result.success ? 0 : 1);
