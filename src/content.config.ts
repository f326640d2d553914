/** Astro content collections: the case studies, Markdown with a typed front matter. */
import { defineCollection } from "astro:content";
import { glob } from "astro/loaders";
import { caseStudySchema } from "./content/case-study-schema";

export const collections = {
  caseStudies: defineCollection({
    loader: glob({ pattern: "*.md", base: "./src/content/case-studies" }),
    schema: caseStudySchema,
  }),
};
