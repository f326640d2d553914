/** The case studies as pages read them: newest first, and those that used a given service. */
import { getCollection, type CollectionEntry } from "astro:content";

export type CaseStudyEntry = CollectionEntry<"caseStudies">;

export async function caseStudies(): Promise<CaseStudyEntry[]> {
  const all = await getCollection("caseStudies");
  return all.sort((a, b) => b.data.published.getTime() - a.data.published.getTime());
}

export async function caseStudiesFor(route: string): Promise<CaseStudyEntry[]> {
  return (await caseStudies()).filter((c) => (c.data.services as readonly string[]).includes(route));
}
