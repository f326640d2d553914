import { describe, expect, it } from "vitest";
import { jobEditTags } from "../../src/server/careers/jobs-admin";
import {
  jobPath,
  jobPostingLd,
  jobSlug,
  jobTags,
  ldJson,
  parseJobSegment,
  VALID_DAYS,
} from "../../src/shared/careers/job-posting";

/**
 * Google's JobPosting structured data: the required and the recommended properties
 * (https://developers.google.com/search/docs/appearance/structured-data/job-posting#structured-data-type-definitions).
 * baseSalary is the one recommended property left out: openings carry no salary.
 */
const REQUIRED = ["datePosted", "description", "hiringOrganization", "title"] as const;
const RECOMMENDED = ["directApply", "employmentType", "identifier", "validThrough"] as const;
const EMPLOYMENT_TYPES = [
  "FULL_TIME",
  "PART_TIME",
  "CONTRACTOR",
  "TEMPORARY",
  "INTERN",
  "VOLUNTEER",
  "PER_DIEM",
  "OTHER",
];
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;

const now = new Date("2026-03-10T12:00:00.000Z");
const base = {
  id: 42,
  job_title: "Senior Site Reliability Engineer (AWS & Kubernetes)",
  required_experience: 5,
  skills: "AWS, Kubernetes, Terraform",
  description: "Keep clusters healthy.\n\nOn call one week in six; <b>no</b> heroics.",
  created_at: "2026-02-01T08:30:00.000Z",
};

describe.each([
  ["an office opening", base],
  ["a remote opening", { ...base, id: 43, job_title: "Remote Cloud Support Engineer" }],
])("JobPosting of %s", (_name, job) => {
  const ld = jobPostingLd(job, "https://www.example.com/", now);

  it("has every required property, well formed", () => {
    for (const p of REQUIRED) expect(ld, p).toHaveProperty(p);
    expect(ld["@context"]).toBe("https://schema.org");
    expect(ld["@type"]).toBe("JobPosting");
    expect(ld.title).toBe(job.job_title);
    expect(String(ld.datePosted)).toMatch(ISO_DATE);
    expect(ld.datePosted).toBe("2026-02-01");
    expect(ld.hiringOrganization).toMatchObject({
      "@type": "Organization",
      name: expect.any(String),
      sameAs: "https://www.example.com",
      logo: expect.stringMatching(/^https:\/\//),
    });
    // Either a place of work with a full address, or a remote job with where applicants may live.
    const loc = ld.jobLocation as { "@type": string; address: Record<string, string> } | undefined;
    if (loc) {
      expect(loc["@type"]).toBe("Place");
      for (const f of ["streetAddress", "addressLocality", "addressRegion", "postalCode", "addressCountry"])
        expect(loc.address[f], f).toBeTruthy();
    } else {
      expect(ld.jobLocationType).toBe("TELECOMMUTE");
      expect(ld.applicantLocationRequirements).toMatchObject({ "@type": "Country", name: "India" });
    }
  });

  it("has every recommended property the data allows", () => {
    for (const p of RECOMMENDED) expect(ld, p).toHaveProperty(p);
    expect(EMPLOYMENT_TYPES).toContain(ld.employmentType);
    expect(ld.identifier).toMatchObject({
      "@type": "PropertyValue",
      name: expect.any(String),
      value: String(job.id),
    });
    expect(ld.directApply).toBe(true);
    expect(String(ld.validThrough)).toMatch(ISO_DATE);
    const until = new Date(String(ld.validThrough)).getTime();
    expect(until).toBe(now.getTime() + VALID_DAYS * 86_400_000);
    expect(until).toBeGreaterThan(new Date(String(ld.datePosted)).getTime());
  });

  it("points at the opening's own page and describes it in escaped HTML", () => {
    expect(ld.url).toBe(`https://www.example.com${jobPath(job)}`);
    expect(ld.description).toContain("<p>Keep clusters healthy.</p>");
    expect(ld.description).toContain("&lt;b&gt;no&lt;/b&gt;");
    expect(ld.description).toContain("Skills: AWS, Kubernetes, Terraform.");
    expect(ldJson(ld)).not.toContain("<");
  });
});

describe("an opening's address", () => {
  it.each([
    [
      "Senior Site Reliability Engineer (AWS & Kubernetes)",
      "senior-site-reliability-engineer-aws-kubernetes",
    ],
    ["  Développeur   Cloud!!  ", "developpeur-cloud"],
    ["日本語", ""],
    ["x".repeat(100), "x".repeat(60)],
  ])("slug of %j is %j", (title, slug) => expect(jobSlug(title)).toBe(slug));

  it("is /careers/<id>-<slug>, or /careers/<id> when the title has no usable letters", () => {
    expect(jobPath({ id: 7, job_title: "Data Engineer" })).toBe("/careers/7-data-engineer");
    expect(jobPath({ id: 8, job_title: "日本語" })).toBe("/careers/8");
  });

  it.each([
    ["7", 7],
    ["7-data-engineer", 7],
    ["7-", 7],
    ["07", undefined],
    ["0", undefined],
    ["-7", undefined],
    ["7.5", undefined],
    ["7-Data", undefined],
    ["99999999999", undefined],
    ["abc", undefined],
    [undefined, undefined],
  ])("reads the id of %j as %j", (segment, id) => expect(parseJobSegment(segment)).toBe(id));
});

describe("the CDN cache of an opening's page", () => {
  it("is tagged with the opening, and an edit of it purges that tag, the careers page and the sitemap", () => {
    expect(jobTags(7)).toEqual(["job-7"]);
    expect(jobEditTags(7)).toEqual(["careers", "job-7", "sitemap"]);
  });
});
