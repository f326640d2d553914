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
  context: "production",
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
