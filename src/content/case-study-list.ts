/**
 * The site's proof as the on-demand pages read it from the database (staff keep it in the
 * dashboard's "Site content" screen): the published case studies, newest first, those that used a
 * given service, and the published testimonials, clients and partners. Drafts are never read here.
 * Each page carries the cache tag of the proof (src/server/site/cache-tags.ts), purged when a
 * published item changes. When the database cannot be reached a page is shown without its proof
 * and is not cached, so the next visitor gets it complete.
 */
import type { CaseStudy, PublishedProof } from "../shared/site/api";
import { publishedCaseStudies, publishedCaseStudy } from "../server/site/case-studies";
import { publishedProof } from "../server/site/proof-items";
import { SITE_PROOF_TAGS } from "../server/site/cache-tags";
import { setCdnCache } from "../server/platform/cdn";
import { withDb } from "../server/platform/db/page-db";
import { log } from "../server/platform/log";

export type { CaseStudy, PublishedProof };

export const NO_PROOF: PublishedProof = { testimonials: [], clients: [], partners: [] };

/**
 * Reads what a page shows of the proof and sets the page's cache headers: cached by the CDN under
 * the proof's tag like the blog's pages, or not at all when the database did not answer.
 */
export async function readProof<T>(
  headers: Headers,
  read: (db: Parameters<Parameters<typeof withDb>[0]>[0]) => Promise<T>,
  fallback: T,
): Promise<T> {
  try {
    const data = await withDb(read);
    setCdnCache(headers, SITE_PROOF_TAGS);
    return data;
  } catch (err) {
    log.warn("page without its proof", { error: String(err) });
    headers.set("Cache-Control", "no-store");
    return fallback;
  }
}

export const caseStudies = (db: Parameters<typeof publishedCaseStudies>[0]["db"]) =>
  publishedCaseStudies({ db });

export const caseStudyBySlug = (db: Parameters<typeof publishedCaseStudy>[0]["db"], slug: string) =>
  publishedCaseStudy({ db }, slug);

export async function caseStudiesFor(
  db: Parameters<typeof publishedCaseStudies>[0]["db"],
  route: string,
): Promise<CaseStudy[]> {
  return (await publishedCaseStudies({ db })).filter((c) => c.services.includes(route));
}

export const proofItems = (db: Parameters<typeof publishedProof>[0]["db"]) => publishedProof({ db });
