import { describe, expect, it } from "vitest";
import { contactSchema, fieldErrors } from "../../src/shared/contact/contact";
import {
  BUDGETS,
  cleanSourcePage,
  clientFileProblem,
  COMPANY_SIZES,
  contactErrors,
  isBusinessEmail,
  parseUsDate,
  pickUtm,
  PROJECT_TYPES,
  toIsoDate,
} from "../../src/shared/contact/rules";
import { isValidMobile, mobileBlurOk } from "../../src/shared/contact/phone";

const blocked = [
  "gmail.com",
  "yahoo.com",
  "hotmail.com",
  "outlook.com",
  "aol.com",
  "icloud.com",
  "proton.me",
];
const schema = contactSchema({ blockedDomains: blocked, minDeadline: "2026-01-01" });

const valid = {
  fullName: "Ada Lovelace",
  email: "ada@analytical.example",
  orgName: "Analytical Engines Inc",
  jobTitle: "CTO",
  industry: "Manufacturing",
  companySize: "50-100",
  mobile: "+12015550123",
  budget: "$5000-$10000",
  projectDetails: "Move our ERP to Kubernetes.",
  projectType: "Normal",
  deadline: "2026-12-31",
};

describe("the option lists are exactly the SPEC's", () => {
  it("company size, budget and project type", () => {
    expect(COMPANY_SIZES).toEqual([
      "Less than 5",
      "5-10",
      "10-30",
      "30-50",
      "50-100",
      "100-200",
      "200-500",
      "500-Above",
    ]);
    expect(BUDGETS).toEqual([
      "Below $1000",
      "$1000-$5000",
      "$5000-$10000",
      "$10000-$50000",
      "$50000-$100000",
      "$100000-$1000000",
      "$1000000-Above",
    ]);
    expect(PROJECT_TYPES).toEqual(["Urgent", "Normal"]);
  });
});

describe("business e-mail rule", () => {
  it.each([
    ["ada@analytical.example", true],
    ["a.b+c@sub.company.co.uk", true],
    ["ADA@Analytical.Example", true],
    ["ada@gmail.com", false],
    ["ada@GMAIL.COM", false],
    ["ada@proton.me", false],
    ["ada@company", false], // no dot in the domain
    ["ada@company.", false], // ends with a dot
    ["ada@@company.com", false], // two at-signs
    ["ada@co@company.com", false],
    ["adacompany.com", false], // no at-sign
    ["@company.com", false],
    ["ada lovelace@company.com", false],
    ["ada@.company.com", false],
    ["ada@company..com", false],
    ["", false],
  ])("%j -> %s", (email, ok) => {
    expect(isBusinessEmail(email, blocked)).toBe(ok);
  });

  it("uses the configured list", () => {
    expect(isBusinessEmail("ada@acme.com", ["acme.com"])).toBe(false);
    expect(isBusinessEmail("ada@gmail.com", [])).toBe(true);
  });
});

describe("mobile rule", () => {
  it.each([
    ["+12015550123", true], // US
    ["+447400123456", true], // GB mobile
    ["+919876543210", true], // IN
    ["+1201555012", false], // too short for the US
    ["+1", true], // only the dial code passes the blur check
    ["", true], // empty passes the blur check (required on submit)
    ["+12015550123a", false],
    ["12+015550123", false],
    ["+99912345", false], // no such country
  ])("blur check of %j -> %s", (value, ok) => {
    expect(mobileBlurOk(value, value.startsWith("+1") ? "1" : undefined)).toBe(ok);
  });

  it.each([
    ["+12015550123", undefined],
    ["", "Mobile Number is required."],
    ["+1", "Enter a valid Mobile Number"],
    ["+1 201 555 0123", "Enter a valid Mobile Number"],
    ["(201) 555-0123", "Enter a valid Mobile Number"],
    ["+1201555012", "Enter a valid Mobile Number"],
  ])("schema: %j -> %s", (mobile, message) => {
    expect(fieldErrors(schema, { ...valid, mobile }).mobile).toBe(message);
  });
});

describe("dates", () => {
  it.each([
    ["12/31/2026", "2026-12-31"],
    ["1/5/2027", "2027-01-05"],
    ["02/29/2028", "2028-02-29"],
    ["02/29/2027", undefined],
    ["13/01/2026", undefined],
    ["2026-12-31", undefined],
    ["31/12/2026", undefined],
    ["tomorrow", undefined],
  ])("parseUsDate(%j) -> %s", (text, iso) => {
    expect(parseUsDate(text)).toBe(iso);
  });

  it("formats the local calendar day", () => {
    expect(toIsoDate(new Date(2026, 0, 9, 23, 30))).toBe("2026-01-09");
  });

  it.each([
    ["2026-12-31", undefined],
    ["", "Deadline is required."],
    ["12/31/2026", "Date input not valid."],
    ["2026-02-30", "Date input not valid."],
    ["2025-12-31", "The deadline can't be in the past."],
  ])("schema: deadline %j -> %s", (deadline, message) => {
    expect(fieldErrors(schema, { ...valid, deadline }).deadline).toBe(message);
  });
});

describe("the whole schema", () => {
  it("accepts a complete inquiry and trims it", () => {
    const out = schema.parse({ ...valid, fullName: "  Ada Lovelace  ", extra: "ignored" });
    expect(out.fullName).toBe("Ada Lovelace");
    expect(out).not.toHaveProperty("extra");
  });

  it("project details are optional", () => {
    const { projectDetails: _omit, ...rest } = valid;
    expect(schema.parse(rest).projectDetails).toBe("");
  });

  it("marks every blank required field (SPEC section 5)", () => {
    const blank = Object.fromEntries(Object.keys(valid).map((k) => [k, "  "]));
    const errs = fieldErrors(schema, blank);
    expect(Object.keys(errs).sort()).toEqual(
      [
        "fullName",
        "email",
        "orgName",
        "jobTitle",
        "industry",
        "companySize",
        "mobile",
        "budget",
        "projectType",
        "deadline",
      ].sort(),
    );
    expect(errs.fullName).toBe("Full Name is required.");
    expect(errs.companySize).toBe("Company Size is required.");
  });

  it.each([
    ["companySize", "1000+", "Company Size must be one of the listed options."],
    ["budget", "$1", "Approximate Budget must be one of the listed options."],
    ["projectType", "urgent", "Project Type must be one of the listed options."],
    [
      "email",
      "ada@gmail.com",
      "Use your work email (name@yourcompany.com): we reply to businesses only, and a work address lets us reach the right team.",
    ],
    ["email", "ada@acme", "Enter a valid email address, like name@yourcompany.com."],
    ["fullName", "x".repeat(101), "Full Name must be at most 100 characters."],
    ["projectDetails", "x".repeat(5001), "Project details must be at most 5000 characters."],
  ])("%s = %j -> %s", (field, value, message) => {
    expect(fieldErrors(schema, { ...valid, [field]: value })[field as keyof typeof valid]).toBe(message);
  });

  it("refuses a field sent twice (an array) or a file in a text field", () => {
    expect(fieldErrors(schema, { ...valid, fullName: ["a", "b"] }).fullName).toBeTruthy();
    expect(fieldErrors(schema, { ...valid, industry: new File(["x"], "x.txt") }).industry).toBeTruthy();
  });
});

describe("attachments in the browser", () => {
  it.each([
    ["brief.pdf", 1000, undefined],
    ["Brief.DOCX", 1000, undefined],
    ["photo.jpeg", 1000, undefined],
    ["deck.pptx", 4_000_000, undefined], // MAX_FILES_BYTES (src/shared/common/upload-limits.ts)
    ["big.pdf", 4_000_001, "This file is larger than 4 MB."],
    ["empty.pdf", 0, "This file is empty."],
    ["run.exe", 10, "Attach a PDF, DOC, DOCX, PPTX, XLSX, PNG or JPG file up to 4 MB."],
    ["noext", 10, "Attach a PDF, DOC, DOCX, PPTX, XLSX, PNG or JPG file up to 4 MB."],
  ])("%s (%i bytes) -> %s", (name, size, message) => {
    expect(clientFileProblem({ name, size })).toBe(message);
  });
});

describe("where the visitor came from", () => {
  it("keeps utm_* only, at most 10, trimmed and shortened", () => {
    const entries: [string, unknown][] = [
      ["utm_source", " google "],
      ["utm_campaign", "x".repeat(300)],
      ["utm_", "no"],
      ["UTM_SOURCE", "no"],
      ["source", "no"],
      ["utm_file", new File(["x"], "x")],
      ...Array.from({ length: 12 }, (_, i) => [`utm_k${i}`, "v"] as [string, unknown]),
    ];
    const utm = pickUtm(entries);
    expect(utm.utm_source).toBe("google");
    expect(utm.utm_campaign).toHaveLength(200);
    expect(Object.keys(utm)).toHaveLength(10);
    expect(Object.keys(utm).every((k) => k.startsWith("utm_") && k.length > 4)).toBe(true);
  });

  it.each([
    ["https://nimbus.example/service?email=a@b.com#x", "https://nimbus.example/service"],
    ["http://localhost:4321/", "http://localhost:4321/"],
    ["javascript:alert(1)", null],
    ["not a url", null],
    ["", null],
    [undefined, null],
  ])("source page %j -> %j", (value, out) => {
    expect(cleanSourcePage(value)).toBe(out);
  });
});

describe("the form's messages without zod (rules.ts contactErrors)", () => {
  const opts = { blockedDomains: blocked, minDeadline: "2026-01-01", isValidMobile };
  const cases: [string, string][] = [
    ["fullName", ""],
    ["fullName", "   "],
    ["fullName", "x".repeat(101)],
    ["fullName", ` ${"x".repeat(100)} `],
    ["email", ""],
    ["email", "ada@gmail.com"],
    ["email", "ada@@x.example"],
    ["email", " ada@analytical.example "],
    ["email", `${"a".repeat(250)}@x.example`],
    ["orgName", "x".repeat(201)],
    ["jobTitle", " "],
    ["industry", "x".repeat(101)],
    ["companySize", ""],
    ["companySize", " "],
    ["companySize", "1000+"],
    ["companySize", "50-100"],
    ["mobile", ""],
    ["mobile", "+1"],
    ["mobile", "+12015550123"],
    ["mobile", "+1 201 555 0123"],
    ["mobile", "+447400123456"],
    ["mobile", "+919876543210"],
    ["mobile", "+123456789012345678901"],
    ["budget", "$1"],
    ["projectDetails", "x".repeat(5001)],
    ["projectDetails", `${"x\r\n".repeat(2500)}`],
    ["projectDetails", ""],
    ["projectType", "urgent"],
    ["projectType", "Urgent "],
    ["deadline", ""],
    ["deadline", "12/31/2026"],
    ["deadline", "2026-02-30"],
    ["deadline", "2025-12-31"],
    ["deadline", "2099-12-31"],
    ["deadline", "2099-12-31-1"],
  ];
  it.each(cases)("%s = %j: the schema's message", (field, value) => {
    const values = { ...valid, [field]: value };
    expect(contactErrors(values, opts)).toEqual(fieldErrors(schema, values));
  });

  it("every field blank: the schema's messages", () => {
    const blank = Object.fromEntries(Object.keys(valid).map((k) => [k, "  "])) as typeof valid;
    expect(contactErrors(blank, opts)).toEqual(fieldErrors(schema, blank));
  });
});
