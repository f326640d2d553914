// @ts-check
import { fileURLToPath } from "node:url";
import { defineConfig } from "astro/config";
import netlify from "@astrojs/netlify";
import react from "@astrojs/react";
import pageCsp from "./src/integrations/page-csp";
import productionGuard from "./src/integrations/production-guard";
import openApi from "./src/integrations/openapi";
import clientNear from "./src/integrations/client-near";
import preloadAtOnce from "./src/integrations/preload-at-once";
import ogImage from "./src/integrations/og-image";
import { companyFileVite } from "./src/config/company-file.mjs";
import { clientRoutes } from "./src/integrations/client-routes";

const site = process.env.SITE_URL || "http://localhost:4321";
/** `astro build`: the on-demand pages' bundle takes React's production build only (vite.define). */
const building = process.argv.includes("build");
const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  site,
  output: "static",
  trailingSlash: "ignore",
  adapter: netlify({
    // Uploaded pictures are served through Netlify's Image CDN (/.netlify/images?url=…&w=…): the
    // functions store the original, the CDN makes the sizes and formats and caches them. Astro's
    // own image service is Netlify's then too, so no function carries sharp for it. The site's own
    // pictures are SVG drawings in public/ and in the pages, and the social-preview PNG that the
    // build draws with the company's name (src/integrations/og-image.ts).
    imageCDN: true,
    devFeatures: { edgeFunctions: false, images: false, environmentVariables: false },
    // Left out of the on-demand pages' function (see vite.ssr below): the AWS SDK, which AWS
    // Lambda's Node runtime provides (as Netlify's bundler leaves it out of every function), and
    // what only the local server loads: `pg` (a deployed site reaches Neon through Neon's driver,
    // bundled) and sharp.
    excludeFiles: [
      "./node_modules/@aws-sdk/**",
      "./node_modules/@aws/**",
      "./node_modules/@aws-crypto/**",
      "./node_modules/@smithy/**",
      "./node_modules/bowser/**",
      "./node_modules/pg/**",
      "./node_modules/pg-*/**",
      "./node_modules/pgpass/**",
      "./node_modules/postgres-*/**",
      "./node_modules/split2/**",
      "./node_modules/xtend/**",
      "./node_modules/sharp/**",
      "./node_modules/@img/**",
    ],
  }),
  integrations: [productionGuard(), ogImage(), openApi(), clientNear(), preloadAtOnce(), react(), pageCsp()],
  security: {
    // Hashes for every inline script and style, so the CSP needs no 'unsafe-inline'.
    csp: true,
  },
  // Every page's CSS in its HTML: no render-blocking request before the first paint.
  build: { inlineStylesheets: "always" },
  // Scoped styles by a class token rather than a data-astro-cid attribute on every element: the
  // same specificity, 0.5-0.7 kB less HTML per page (gzip).
  scopedStyleStrategy: "class",
  prefetch: false,
  // The case studies' Markdown has no code blocks; Shiki's inline styles would not pass the CSP.
  markdown: { syntaxHighlight: false },
  vite: {
    // COMPANY_JSON=<file> (tests and trial builds only) stands in for src/config/company.json.
    // The browser's contracts are their routes alone, without zod (src/integrations/client-routes.ts).
    plugins: [companyFileVite(root), clientRoutes()],
    build: { assetsInlineLimit: 2048 },
    // The on-demand pages' function carries the code it calls, bundled, rather than every file of
    // every package it reaches (zod's locales, react-dom's development build, both database
    // drivers' copies): what stays outside is native (sharp), provided by AWS Lambda's Node runtime
    // (the AWS SDK v3), or loaded by the local server only (pg, the embedded PGlite).
    define: building ? { "process.env.NODE_ENV": JSON.stringify("production") } : {},
    ssr: {
      noExternal: true,
      external: [
        "pg",
        "@electric-sql/pglite",
        "@electric-sql/pglite-socket",
        "@aws-sdk/client-s3",
        "@aws-sdk/client-ses",
        "@aws-sdk/s3-request-presigner",
        "sharp",
      ],
    },
  },
});
