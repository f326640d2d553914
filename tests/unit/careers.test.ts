import { describe, expect, it } from "vitest";
import { applicationSchema, faqQuestionSchema, codeCheckSchema } from "../../src/shared/careers/careers";
import { addTags, jobMatches, joinTags, visibleFaqs } from "../../src/shared/careers/careers-common";
import { isRemote, jobPostingLd, ldJson } from "../../src/shared/careers/job-posting";
import { site } from "../../src/config/site";

const job = {
  id: 7,
  job_title: "Data Engineer",
  required_experience: 3,
  skills: "SQL, dbt",
  description: "Build reliable PIPELINES for analysts.",
  created_at: "2025-05-20T10:00:00.000Z",
};

describe("opening search", () => {
  it.each([
    ["", true],
    ["data", true],
    ["ENGINEER", true],
    ["pipelines", true],
    ["  reliable   pipelines ", true],
    // Skills count too: a candidate searches for what they know ("pytorch").
    ["SQL", true],
    ["DBT", true],
    ["kubernetes", false],
  ])("%j -> %s", (term, expected) => {
    expect(jobMatches(job, term)).toBe(expected);
  });
});

describe("FAQ visibility", () => {
  const faqs = Array.from({ length: 6 }, (_, i) => ({
    id: i + 1,
    question: `Question ${i + 1}?`,
    answer: i === 5 ? "Night shifts come with a CAB." : `Answer ${i + 1}.`,
  }));
  it("shows the first four without a term", () => {
    expect(visibleFaqs(faqs, "").map((f) => f.id)).toEqual([1, 2, 3, 4]);
    expect(visibleFaqs(faqs, "   ").map((f) => f.id)).toEqual([1, 2, 3, 4]);
  });
  it("searches every answered FAQ's question and answer, ignoring case", () => {
    expect(visibleFaqs(faqs, "cab").map((f) => f.id)).toEqual([6]);
    expect(visibleFaqs(faqs, "question").map((f) => f.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(visibleFaqs(faqs, "nothing like this")).toEqual([]);
  });
});

describe("tags", () => {
  it("trims, splits on commas, and drops duplicates ignoring case", () => {
    expect(addTags([], " Kubernetes ,aws,, AWS ,kubernetes")).toEqual(["Kubernetes", "aws"]);
    expect(addTags(["Go"], "go, Rust")).toEqual(["Go", "Rust"]);
    expect(joinTags(["A", "B"])).toBe("A, B");
  });
});

describe("schemas", () => {
  const valid = {
    firstName: " Asha ",
    lastName: "Raman",
    email: " Asha@Example.ORG ",
    mobile: "+919876543210",
    nativePlace: "Chennai",
    gender: "Female",
    totalExperience: "4.5",
    itExperience: "4",
    currentCompany: "Acme",
    skills: "Go, go, Rust",
    privacyConsent: "yes",
  };
  it("normalises a valid application and fills the defaults", () => {
    expect(applicationSchema.parse(valid)).toEqual({
      job_id: null,
      firstName: "Asha",
      lastName: "Raman",
      email: "asha@example.org",
      mobile: "+919876543210",
      nativePlace: "Chennai",
      gender: "Female",
      totalExperience: 4.5,
      itExperience: 4,
      currentCompany: "Acme",
      noticePeriod: "immediate",
      expectedSalary: null,
      willingToRelocate: "Yes",
      skills: "Go, Rust",
      certifications: "",
      privacyConsent: "yes",
      talentPool: false,
    });
    expect(applicationSchema.parse({ ...valid, talentPool: "yes" }).talentPool).toBe(true);
    expect(applicationSchema.parse({ ...valid, expectedSalary: "12,00,000" }).expectedSalary).toBe(1200000);
  });
  it.each([
    [{ totalExperience: "61" }, "Total experience must be at most 60 years."],
    [{ totalExperience: "1e3" }, "Total experience must be a number of years, like 3 or 4.5."],
    [{ noticePeriod: "Immediate" }, "Notice period must be one of: immediate, 15 Days, 30 Days, 90 Days."],
    [{ skills: "" }, "Skills: add at least one."],
    [{ gender: undefined }, "Gender must be one of: Male, Female, Other, Prefer not to say."],
    [{ gender: "prefer not to say" }, "Gender must be one of: Male, Female, Other, Prefer not to say."],
    [{ firstName: undefined }, "First name is required."],
    [
      { privacyConsent: undefined },
      "Please confirm that you have read the privacy notice and agree to how long we keep your application.",
    ],
    [
      { privacyConsent: "no" },
      "Please confirm that you have read the privacy notice and agree to how long we keep your application.",
    ],
    [{ talentPool: "maybe" }, "Talent pool must be yes or no."],
  ])("refuses %j with a message naming the field", (over, message) => {
    const r = applicationSchema.safeParse({ ...valid, ...over });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe(message);
  });
  it("checks questions and codes", () => {
    expect(faqQuestionSchema.safeParse({ question: "  " }).success).toBe(false);
    expect(faqQuestionSchema.parse({ question: " Why? " })).toEqual({ question: "Why?" });
    expect(codeCheckSchema.safeParse({ email: "a@b.co", code: "12345" }).success).toBe(false);
    expect(codeCheckSchema.parse({ email: "A@B.co", code: " 123456 " })).toEqual({
      email: "a@b.co",
      code: "123456",
    });
  });
});

describe("JobPosting", () => {
  it("carries the fields search engines need, located in Chennai", () => {
    const ld = jobPostingLd(job, "https://www.example.com/", new Date("2025-06-01T00:00:00Z"));
    expect(ld).toMatchObject({
      "@type": "JobPosting",
      title: "Data Engineer",
      datePosted: "2025-05-20",
      employmentType: "FULL_TIME",
      directApply: true,
      identifier: { "@type": "PropertyValue", value: "7" },
      hiringOrganization: { "@type": "Organization", name: site.name },
      jobLocation: {
        address: { addressLocality: "Chennai", addressRegion: "Tamil Nadu", addressCountry: "IN" },
      },
      url: "https://www.example.com/careers/7-data-engineer",
    });
    expect(ld).not.toHaveProperty("jobLocationType");
  });
  it("marks remote openings TELECOMMUTE with an applicant location", () => {
    const remote = { ...job, job_title: "Remote SRE" };
    expect(isRemote(remote)).toBe(true);
    expect(jobPostingLd(remote, "https://x.example", new Date())).toMatchObject({
      jobLocationType: "TELECOMMUTE",
      applicantLocationRequirements: { "@type": "Country", name: "India" },
    });
  });
  it("escapes < so text cannot close the script element", () => {
    expect(ldJson({ t: "</script><script>alert(1)</script>" })).not.toContain("<");
  });
});
