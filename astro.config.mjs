// @ts-check
import { defineConfig } from "astro/config";
import netlify from "@astrojs/netlify";
import react from "@astrojs/react";
import pageCsp from "./src/integrations/page-csp";
import productionGuard from "./src/integrations/production-guard";
import openApi from "./src/integrations/openapi";

const site = process.env.SITE_URL || "http://localhost:4321";

export default defineConfig({
  site,
  output: "static",
  trailingSlash: "ignore",
  adapter: netlify({
    // No image service: the site's own pictures are SVG drawings (and one social-preview PNG) in
    // public/ and in the pages, and uploaded images are converted and scaled with sharp when they
    // are stored (WebP, with a narrower copy: src/server/platform/images/). So Netlify's Image CDN
    // stays off.
    imageCDN: false,
    devFeatures: { edgeFunctions: false, images: false, environmentVariables: false },
  }),
  integrations: [productionGuard(), openApi(), react(), pageCsp()],
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
    build: { assetsInlineLimit: 2048 },
  },
});
