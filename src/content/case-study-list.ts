/**
 * The case studies as pages read them: newest first, and those that used a given service. Their
 * `${company.name}` placeholders (front matter and body) are filled in here from
 * src/config/company.json (src/config/company-text.ts).
 */
import { getCollection, type CollectionEntry } from "astro:content";
import { site } from "../config/site";
import { fillCompany, fillCompanyDeep } from "../config/company-text";

export type CaseStudyEntry = CollectionEntry<"caseStudies">;

function withCompany(entry: CaseStudyEntry): CaseStudyEntry {
  const where = entry.filePath ?? entry.id;
  return {
    ...entry,
    data: fillCompanyDeep(entry.data, site, where),
    ...(entry.rendered && {
      rendered: { ...entry.rendered, html: fillCompany(entry.rendered.html, site, { where, html: true }) },
    }),
  };
}

export async function caseStudies(): Promise<CaseStudyEntry[]> {
  const all = (await getCollection("caseStudies")).map(withCompany);
  return all.sort((a, b) => b.data.published.getTime() - a.data.published.getTime());
}

export async function caseStudiesFor(route: string): Promise<CaseStudyEntry[]> {
  return (await caseStudies()).filter((c) => (c.data.services as readonly string[]).includes(route));
}
