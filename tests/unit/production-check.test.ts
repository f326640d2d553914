import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseCompany } from "../../src/config/company-schema";
import { collectProductionProblems, companyProblems } from "../../src/config/production-check";
import { isExampleHandle, isFictionalPhone, placeholderKind } from "../../src/shared/common/placeholders";
import { site } from "../../src/config/site";

const root = path.resolve(import.meta.dirname, "../..");
const realCompany = JSON.parse(readFileSync(path.join(root, "src/config/company.json"), "utf8"));

/** The owner's file as an owner would fill it in. */
const ownCompany = {
  ...realCompany,
  phone: "+1 (415) 867-2310",
  email: "sales@nimbuscloudops.com",
  careersEmail: "careers@nimbuscloudops.com",
  privacyEmail: "privacy@nimbuscloudops.com",
  social: {
    linkedin: "https://www.linkedin.com/company/nimbus-cloud-ops",
    facebook: "https://www.facebook.com/nimbuscloudops",
    instagram: "https://www.instagram.com/nimbuscloudops",
    x: "https://x.com/nimbuscloudops",
  },
  videoChannel: "https://www.youtube.com/@nimbuscloudops",
  certificate: { number: "DIPP84213", file: "/images/startup.pdf" },
  copyrightYear: new Date().getFullYear(),
  figures: [{ value: "24/7", label: "Monitoring and L1 support desk" }],
};
const realTrust = JSON.parse(readFileSync(path.join(root, "src/config/trust.json"), "utf8")) as {
  certifications: Record<string, unknown>[];
  securityTxt: Record<string, unknown>;
};
/** The trust center's file as an owner would fill it in. */
const ownTrust = {
  certifications: realTrust.certifications.map((c) => ({
    ...c,
    example: false,
    ...(c.auditor ? { auditor: "Tandem Assurance LLP" } : {}),
  })),
  securityTxt: { ...realTrust.securityTxt, contact: "mailto:security@nimbuscloudops.com" },
};
const realPdf = "%PDF-1.4 Certificate of Recognition, Certificate No.: DIPP84213";

describe("placeholder rules", () => {
  it.each([
    ["sales@example.com", true],
    ["https://www.example.org/x", true],
    ["+1 (415) 555-0134", true],
    ["+1 415 555 0199", true],
    ["https://www.linkedin.com/company/example", true],
    ["https://www.youtube.com/@example", true],
    ["sales@nimbuscloudops.com", false],
    ["+1 (415) 555-2671", false],
    ["+91 44 4000 5550", false],
    ["https://www.linkedin.com/company/examples-inc", false],
    ["https://counterexample.com", false],
  ])("%s is a placeholder: %s", (value, expected) => {
    expect(placeholderKind(value) !== undefined).toBe(expected);
  });
  it("tells the kinds apart", () => {
    expect(isFictionalPhone("tel:+14155550134")).toBe(true);
    expect(isExampleHandle("https://x.com/example")).toBe(true);
    expect(isExampleHandle("not a url")).toBe(false);
  });
});

describe("the owner's file", () => {
  it("is what src/config/site.ts exports, with the privacy address", () => {
    expect(site.name).toBe(realCompany.name);
    expect(site.privacyEmail).toBe("privacy@example.com");
    expect(site.phoneHref).toBe("tel:+14155550134");
    expect(site.social.linkedin).toBe(realCompany.social.linkedin);
  });

  it("is refused when a field is wrong, naming every wrong field", () => {
    const wrong = () => parseCompany({ ...realCompany, email: "nope", phone: "555", extra: 1 });
    expect(wrong).toThrow(/^ {2}email: must be an e-mail address$/m);
    expect(wrong).toThrow(/^ {2}phone: must start with \+/m);
    expect(wrong).toThrow(/Unrecognized key: "extra"/);
  });

  it("as shipped: every demo value is named, and a copyright year that is not this year's", () => {
    const year = realCompany.copyrightYear + 1;
    const problems = companyProblems(parseCompany(realCompany), "(reference copy)", undefined, year);
    expect(problems.map((p) => p.where.replace("src/config/company.json: ", "")).sort()).toEqual(
      [
        "careersEmail",
        "certificate.number",
        "copyrightYear",
        "email",
        "phone",
        "privacyEmail",
        "public/images/startup.pdf",
        "social.facebook",
        "social.instagram",
        "social.linkedin",
        "social.x",
        "videoChannel",
      ].sort(),
    );
  });

  it("with the owner's values: nothing to refuse", () => {
    expect(companyProblems(parseCompany(ownCompany), realPdf)).toEqual([]);
  });

  it("names a copyright year other than the build's", () => {
    expect(
      companyProblems(parseCompany(ownCompany), realPdf, undefined, ownCompany.copyrightYear + 1),
    ).toEqual([
      {
        where: "src/config/company.json: copyrightYear",
        problem: `${ownCompany.copyrightYear} is not this year (${ownCompany.copyrightYear + 1}): the footer's notice would be out of date`,
      },
    ]);
  });

  it("a missing certificate file is named", () => {
    expect(companyProblems(parseCompany(ownCompany), undefined)).toEqual([
      {
        where: "src/config/company.json: certificate.file",
        problem: "public/images/startup.pdf does not exist",
      },
    ]);
  });
});

describe("collectProductionProblems over the project's files", () => {
  const copy = mkdtempSync(path.join(tmpdir(), "owner-copy-"));
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it("as shipped: the company's placeholders and the demo certificate, not the seed's demo proof", async () => {
    const where = (await collectProductionProblems(root)).map((p) => p.where);
    expect(where).toContain("src/config/company.json: phone");
    expect(where).toContain("src/config/company.json: social.linkedin");
    expect(where).toContain("public/images/startup.pdf");
    // The case studies and proof items are kept in the database: production refuses to publish an
    // example (tests/api/site-content.test.ts); the files in src/content/ only seed a local one.
    expect(where.filter((w) => w.startsWith("src/content/"))).toEqual([]);
    expect(where.filter((w) => w.includes(": figure "))).toHaveLength(realCompany.figures?.length ?? 0);
    expect(where).toContain("src/config/trust.json: securityTxt.contact");
    expect(where.filter((w) => w.startsWith("src/config/trust.json: certification "))).toHaveLength(
      realTrust.certifications.length,
    );
  });

  it("a copy with every value replaced passes", async () => {
    for (const dir of ["src/config", "public/images"])
      cpSync(path.join(root, dir), path.join(copy, dir), { recursive: true });
    writeFileSync(path.join(copy, "src/config/company.json"), JSON.stringify(ownCompany));
    writeFileSync(path.join(copy, "src/config/trust.json"), JSON.stringify(ownTrust));
    writeFileSync(path.join(copy, "public/images/startup.pdf"), realPdf);
    expect(await collectProductionProblems(copy)).toEqual([]);
  });
});

describe("CONTEXT=production astro build", () => {
  it("stops before building and names each placeholder", () => {
    const astro = path.join(root, "node_modules/.bin/astro");
    const r = spawnSync(astro, ["build", "--outDir", path.join(tmpdir(), "never-written")], {
      cwd: root,
      env: { ...process.env, CONTEXT: "production", ASTRO_TELEMETRY_DISABLED: "1" },
      encoding: "utf8",
      timeout: 120_000,
    });
    const out = r.stdout + r.stderr;
    expect(r.status).not.toBe(0);
    expect(out).toContain("refuses the site's demo values");
    for (const field of ["phone", "email", "careersEmail", "privacyEmail", "social.x", "videoChannel"])
      expect(out).toContain(`src/config/company.json: ${field} `);
  }, 120_000);
});
