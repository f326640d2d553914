/**
 * Astro content collections: the case studies (Markdown with a typed front matter) and the
 * service pages (YAML). A service's id is its file name as written, since the routes of SPEC keep
 * their capitals (/AI-powered-container-platform), which the loader's default id would lowercase.
 */
import { defineCollection } from "astro:content";
import { glob } from "astro/loaders";
import { caseStudySchema } from "./content/case-study-schema";
import { serviceSchema } from "./content/service-schema";

export const collections = {
  caseStudies: defineCollection({
    loader: glob({ pattern: "*.md", base: "./src/content/case-studies" }),
    schema: caseStudySchema,
  }),
  services: defineCollection({
    loader: glob({
      pattern: "*.yaml",
      base: "./src/content/services",
      generateId: ({ entry }) => entry.replace(/\.yaml$/, ""),
    }),
    schema: serviceSchema,
  }),
};
