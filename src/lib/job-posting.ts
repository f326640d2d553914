/**
 * schema.org JobPosting for each opening, so search engines can list it in their job results.
 * https://developers.google.com/search/docs/appearance/structured-data/job-posting
 */
import { site } from "../config/site";
import type { PublicJob } from "./careers";

export interface JobForLd extends PublicJob {
  created_at: string;
}

/** Openings that say they are remote are published as TELECOMMUTE, open to applicants in India. */
export function isRemote(job: Pick<PublicJob, "job_title" | "description">): boolean {
  return /\bremote\b|work from home/i.test(job.job_title);
}

export function jobPostingLd(job: JobForLd, siteUrl: string): Record<string, unknown> {
  const base = siteUrl.replace(/\/$/, "");
  const where = isRemote(job)
    ? {
        jobLocationType: "TELECOMMUTE",
        applicantLocationRequirements: { "@type": "Country", name: "India" },
      }
    : {
        jobLocation: {
          "@type": "Place",
          address: {
            "@type": "PostalAddress",
            streetAddress: site.address.street,
            addressLocality: site.address.locality,
            addressRegion: site.address.region,
            postalCode: site.address.postalCode,
            addressCountry: site.address.country,
          },
        },
      };
  const skills = job.skills.trim();
  return {
    "@context": "https://schema.org",
    "@type": "JobPosting",
    title: job.job_title,
    description: `${job.description}${skills ? `\n\nSkills: ${skills}.` : ""}\n\nRequired experience: ${job.required_experience} years.`,
    datePosted: job.created_at.slice(0, 10),
    hiringOrganization: {
      "@type": "Organization",
      name: site.name,
      sameAs: base,
      logo: `${base}/favicon.svg`,
    },
    ...where,
    employmentType: "FULL_TIME",
    identifier: { "@type": "PropertyValue", name: site.name, value: String(job.id) },
    directApply: true,
    url: `${base}/carrier#job-${job.id}`,
    experienceRequirements: {
      "@type": "OccupationalExperienceRequirements",
      monthsOfExperience: job.required_experience * 12,
    },
    ...(skills ? { skills } : {}),
  };
}

/** JSON for a <script type="application/ld+json">: "<" escaped so no text can close the element. */
export function ldJson(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
