/**
 * Astro content collections: the service pages (YAML). The case studies are kept in the database
 * (src/server/site/); their old Markdown files in src/content/case-studies/ only seed a new one. A service's id is its file name as written, since the routes of SPEC keep
 * their capitals (/AI-powered-container-platform), which the loader's default id would lowercase.
 */
import { defineCollection } from "astro:content";
import { glob } from "astro/loaders";
import { serviceSchema } from "./content/service-schema";

export const collections = {
  services: defineCollection({
    loader: glob({
      pattern: "*.yaml",
      base: "./src/content/services",
      generateId: ({ entry }) => entry.replace(/\.yaml$/, ""),
    }),
    schema: serviceSchema,
  }),
};
