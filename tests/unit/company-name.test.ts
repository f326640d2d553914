/**
 * One rename: the company is named in src/config/company.json and read from there everywhere.
 * No source file under src/ (nor a text file of public/) writes the demo company's name, the
 * content's placeholders are filled from the file, the logo's width follows the name, the default
 * sender is the company, and COMPANY_JSON stands in for the owner's file in tests and trial builds.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { site } from "../../src/config/site";
import { companyFile, companyFileVite, COMPANY_JSON } from "../../src/config/company-file.mjs";
import { fillCompany, fillCompanyDeep } from "../../src/config/company-text";
import { parseCompany } from "../../src/config/company-schema";
import { logoText, LOGO_TEXT_MAX } from "../../src/components/layout/logo-text";
import { loadEnv, senderName } from "../../src/server/platform/env";

const root = path.resolve(import.meta.dirname, "../..");
const owners = JSON.parse(readFileSync(path.join(root, COMPANY_JSON), "utf8"));

/**
 * The files that may write the demo name, and why:
 * - the owner's file, which names the company;
 * - the production check of the built site, which must know the demo's name to find it left over.
 * The demo certificate (public/images/startup.pdf, the owner's to replace, refused by the production
 * check) is a PDF and is not read.
 */
const ALLOWED = new Set(["src/config/company.json", "src/config/built-site-check.mjs"]);
const SOURCE = /\.(astro|ts|tsx|mts|mjs|js|md|mdx|yaml|yml|json|css|svg|html|txt)$/;

function files(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && SOURCE.test(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .sort();
}

describe("the demo company's name", () => {
  it("is written in no source file of src/ or public/ but the owner's file and the check's list", () => {
    const all = [...files("src"), ...files("public")];
    expect(all.length).toBeGreaterThan(300);
    const naming = all.filter(
      (f) => !ALLOWED.has(f) && /nimbus/i.test(readFileSync(path.join(root, f), "utf8")),
    );
    expect(naming).toEqual([]);
  });
});

describe("content placeholders", () => {
  const company = {
    name: "Zephyr & Co",
    legalName: "Zephyr LLP",
    address: { locality: "Pune" },
    foundingYear: 2021,
  };

  it("are filled in from the company's file, values escaped in HTML", () => {
    expect(
      fillCompany(
        "run by ${company.name} in ${company.address.locality} since ${company.foundingYear}",
        company,
      ),
    ).toBe("run by Zephyr & Co in Pune since 2021");
    expect(fillCompany("<li>The ${company.name} team</li>", company, { html: true })).toBe(
      "<li>The Zephyr &amp; Co team</li>",
    );
    expect(fillCompany("no placeholder, $5 {x}", company)).toBe("no placeholder, $5 {x}");
  });

  it("naming no text field fail, naming the entry", () => {
    expect(() => fillCompany("${company.nmae}", company, { where: "a.md" })).toThrow(
      /^a\.md: \$\{company\.nmae\} names no text field/,
    );
    expect(() => fillCompany("${company.address}", company)).toThrow(/names no text field/);
  });

  it("are filled in every text of an entry", () => {
    const when = new Date("2025-06-02");
    expect(
      fillCompanyDeep(
        { duration: "run by ${company.name}", results: [{ label: "${company.legalName}" }], when },
        company,
      ),
    ).toEqual({ duration: "run by Zephyr & Co", results: [{ label: "Zephyr LLP" }], when });
  });

  it("the shipped content uses known fields only", () => {
    for (const f of files("src/content").filter((f) => /\.(md|yaml)$/.test(f)))
      expect(() => fillCompany(readFileSync(path.join(root, f), "utf8"), site, { where: f })).not.toThrow();
  });
});

describe("the logo's words", () => {
  it("keep the demo's drawing: 156 px of words in a 196 px logo", () => {
    expect(logoText(owners.name)).toMatchObject({ textLength: 156, width: 196 });
  });

  it("split the first word from the rest and size to the name", () => {
    const one = logoText("Acme");
    expect(one).toMatchObject({ first: "Acme", rest: "" });
    expect(one.width).toBeLessThan(100);
    expect(logoText("Zephyr  Stack & Co")).toMatchObject({ first: "Zephyr", rest: " Stack & Co" });
    expect(logoText("W".repeat(24)).textLength).toBe(LOGO_TEXT_MAX);
  });

  it("a name longer than the logo holds needs a short name", () => {
    const long = { ...owners, name: "Zephyr Managed Infrastructure Services" };
    expect(() => parseCompany(long)).toThrow(/name: is longer than the logo holds \(24 characters\)/);
    expect(parseCompany({ ...long, shortName: "Zephyr MIS" }).shortName).toBe("Zephyr MIS");
  });
});

describe("the default sender", () => {
  it("is the company at an example address", () => {
    expect(loadEnv({}).mailFrom).toBe(`${senderName(site.name)} <no-reply@example.com>`);
  });

  it("quotes a name with signs that mean something in an address", () => {
    expect(senderName("Zephyr Stack")).toBe("Zephyr Stack");
    expect(senderName("Zephyr, Stack & Co.")).toBe('"Zephyr, Stack & Co."');
    expect(senderName('The "Best" Ops')).toBe('"The \\"Best\\" Ops"');
  });
});

describe("COMPANY_JSON", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("is the owner's file unless set", () => {
    vi.stubEnv("COMPANY_JSON", "");
    expect(companyFile(root)).toBe(path.join(root, COMPANY_JSON));
    expect(companyFileVite(root).resolveId).toBeTypeOf("function");
  });

  it("stands in for the owner's file where the code imports it, and nowhere else", () => {
    vi.stubEnv("COMPANY_JSON", "tests/renamed.json");
    const other = path.join(root, "tests/renamed.json");
    expect(companyFile(root)).toBe(other);
    const resolve = companyFileVite(root).resolveId as (source: string, importer?: string) => string | null;
    expect(resolve("./company.json", path.join(root, "src/config/site.ts"))).toBe(other);
    expect(resolve("./company.json", path.join(root, "src/other/site.ts"))).toBeNull();
  });
});
