/**
 * schema.org JobPosting for each opening, so search engines can list it in their job results.
 * https://developers.google.com/search/docs/appearance/structured-data/job-posting
 */
import { site } from "../../config/site";
import { postalAddressLd } from "../common/postal-address";
import type { PublicJob } from "./api";

export interface JobForLd extends PublicJob {
  created_at: string;
}

/** Openings that say they are remote are published as TELECOMMUTE, open to applicants in India. */
export function isRemote(job: Pick<PublicJob, "job_title" | "description">): boolean {
  return /\bremote\b|work from home/i.test(job.job_title);
}

/**
 * How long a served posting says it stays open. An opening has no end date: it is open until staff
 * delete it, and deleting it takes its page (410) and its sitemap entry away at once and purges
 * the CDN's copy. So the page states a date a month after it was rendered, which every fresh
 * render moves on, and which a search engine that misses the deletion still reaches.
 */
export const VALID_DAYS = 30;

/** The words of a title for an address: lower case, letters and digits, dashes, at most 60 characters. */
export function jobSlug(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 60)
    .replace(/^-+|-+$/g, "");
}

/** An opening's own page: /careers/<id>-<slug> (/careers/<id> alone leads there too). */
export function jobPath(job: Pick<PublicJob, "id" | "job_title">): string {
  const slug = jobSlug(job.job_title);
  return `/careers/${job.id}${slug ? `-${slug}` : ""}`;
}

/** The CDN cache tags of one opening's page; an edit of that opening purges them. */
export const jobTags = (id: number) => [`job-${id}`];

/** The id at the start of a /careers/<id>-<slug> segment, or undefined for anything else. */
export function parseJobSegment(segment: string | undefined): number | undefined {
  const m = /^([1-9]\d{0,9})(?:-[a-z0-9-]*)?$/.exec(segment ?? "");
  const id = m ? Number(m[1]) : NaN;
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? id : undefined;
}

export function jobPostingLd(job: JobForLd, siteUrl: string, now: Date): Record<string, unknown> {
  const base = siteUrl.replace(/\/$/, "");
  const where = isRemote(job)
    ? {
        jobLocationType: "TELECOMMUTE",
        applicantLocationRequirements: { "@type": "Country", name: "India" },
      }
    : {
        jobLocation: {
          "@type": "Place",
          address: postalAddressLd(),
        },
      };
  const skills = job.skills.trim();
  return {
    "@context": "https://schema.org",
    "@type": "JobPosting",
    title: job.job_title,
    // Google reads the description as HTML: the text escaped, its paragraphs kept.
    description: [
      ...job.description.split(/\n\s*\n/),
      ...(skills ? [`Skills: ${skills}.`] : []),
      `Required experience: ${job.required_experience} years.`,
    ]
      .map((p) => p.trim())
      .filter(Boolean)
      .map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`)
      .join(""),
    datePosted: job.created_at.slice(0, 10),
    hiringOrganization: {
      "@type": "Organization",
      name: site.name,
      sameAs: base,
      logo: `${base}/favicon.svg`,
    },
    ...where,
    validThrough: new Date(now.getTime() + VALID_DAYS * 86_400_000).toISOString(),
    employmentType: "FULL_TIME",
    identifier: { "@type": "PropertyValue", name: site.name, value: String(job.id) },
    directApply: true,
    url: `${base}${jobPath(job)}`,
    experienceRequirements: {
      "@type": "OccupationalExperienceRequirements",
      monthsOfExperience: job.required_experience * 12,
    },
    ...(skills ? { skills } : {}),
  };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/** JSON for a <script type="application/ld+json">: "<" escaped so no text can close the element. */
export function ldJson(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
