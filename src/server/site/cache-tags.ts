/**
 * The CDN cache tags of the pages that show the site's proof: the home page, /about, the service
 * pages and the case studies carry SITE_PROOF_TAGS, so a change to a published case study or proof
 * item purges them all at once (a handful of pages). A case study's change purges the sitemap too.
 */
import { SITEMAP_TAG } from "../platform/cdn";

export const SITE_PROOF_TAGS = ["proof"];

export const CASE_STUDY_TAGS = [...SITE_PROOF_TAGS, SITEMAP_TAG];
