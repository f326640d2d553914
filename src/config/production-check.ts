/**
 * A production deploy refuses to go live with the demo values the site ships with: every
 * placeholder in the owner's file (src/config/company.json), a copyright year that is not this
 * year's and the demo certificate. (The site's proof, case studies and testimonials included, is kept
 * in the database: production refuses to publish an item marked example, src/server/site/, and the
 * files in src/content/ that held it only seed a local database.) Pure
 * functions, so a unit test can run them over the real files and an edited copy;
 * src/integrations/production-guard.ts calls them at the start of a build that Netlify marks
 * CONTEXT=production. What the built site still carries (the demo company's name, an old copyright
 * year) is checked once it is built: src/config/built-site-check.mjs.
 */
import { readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { placeholderKind } from "../shared/common/placeholders";
import { parseCompany, type Company } from "./company-schema";
import { companyFile, COMPANY_JSON } from "./company-file.mjs";
import { parseTrust, type TrustConfig } from "./trust-schema";

export const TRUST_JSON = "src/config/trust.json";

export interface Problem {
  /** Where the value lives, e.g. "src/config/company.json: social.linkedin". */
  where: string;
  problem: string;
}

function* leaves(value: unknown, path: string[] = []): Generator<[string, string]> {
  if (typeof value === "string") yield [path.join("."), value];
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) yield* leaves(v, [...path, k]);
}

/**
 * The owner's file: example domains, 555-01xx numbers, /example handles, a copyright year other
 * than the build's, a certificate number with a zero serial, and the demo certificate PDF (its
 * text says "reference copy").
 */
export function companyProblems(
  company: Company,
  certificateText: string | undefined,
  file: string = COMPANY_JSON,
  year = new Date().getFullYear(),
): Problem[] {
  const problems: Problem[] = [];
  for (const [path, value] of leaves(company)) {
    const kind = placeholderKind(value);
    if (kind) problems.push({ where: `${file}: ${path}`, problem: `"${value}" is ${kind}` });
  }
  if (company.copyrightYear !== year)
    problems.push({
      where: `${file}: copyrightYear`,
      problem: `${company.copyrightYear} is not this year (${year}): the footer's notice would be out of date`,
    });
  if (/(^|\D)0+$/.test(company.certificate.number))
    problems.push({
      where: `${file}: certificate.number`,
      problem: `"${company.certificate.number}" is the demo number (a zero serial)`,
    });
  if (certificateText === undefined)
    problems.push({
      where: `${file}: certificate.file`,
      problem: `public${company.certificate.file} does not exist`,
    });
  else if (/reference copy/i.test(certificateText))
    problems.push({
      where: `public${company.certificate.file}`,
      problem: "is the demo certificate (a reference copy); put the real PDF there",
    });
  return problems;
}

/**
 * The trust center's file: an example address anywhere (the security.txt contact above all: a
 * report sent there reaches nobody) and every certification still marked `example: true`.
 */
export function trustProblems(trust: TrustConfig, file: string = TRUST_JSON): Problem[] {
  const problems: Problem[] = [];
  for (const [path, value] of leaves(trust)) {
    const kind = placeholderKind(value);
    if (kind) problems.push({ where: `${file}: ${path}`, problem: `"${value}" is ${kind}` });
  }
  return [
    ...problems,
    ...exampleEntryProblems(
      trust.certifications.map((c) => ({ where: `${file}: certification "${c.name}"`, example: c.example })),
    ),
  ];
}

/** Demo content: the owner's figures and the trust center's certifications marked `example: true`. */
export function exampleEntryProblems(entries: readonly { where: string; example?: boolean }[]): Problem[] {
  return entries
    .filter((e) => e.example)
    .map((e) => ({
      where: e.where,
      problem: "is a demo entry (example: true); replace it with a real one or delete it",
    }));
}

export function formatProblems(problems: readonly Problem[]): string {
  return (
    `A production build (CONTEXT=production) refuses the site's demo values. ` +
    `Replace these ${problems.length}, then deploy again:\n` +
    problems.map((p) => `  - ${p.where} ${p.problem}`).join("\n")
  );
}

/** The build's failure: the list alone, no stack trace under it (Astro prints a stack when there is one). */
export function refusal(problems: readonly Problem[]): Error {
  const err = new Error(formatProblems(problems));
  err.stack = "";
  return err;
}

/** Everything a production build must not publish, read from the project's files under `root`. */
export async function collectProductionProblems(root: string): Promise<Problem[]> {
  const file = companyFile(root);
  const shown = relative(root, file) || COMPANY_JSON;
  const company = parseCompany(JSON.parse(await readFile(file, "utf8")), shown);
  const certificate = await readFile(join(root, "public", company.certificate.file), "latin1").catch(
    () => undefined,
  );

  const trust = parseTrust(JSON.parse(await readFile(join(root, TRUST_JSON), "utf8")), TRUST_JSON);
  return [
    ...companyProblems(company, certificate, shown),
    ...trustProblems(trust),
    ...exampleEntryProblems(
      (company.figures ?? []).map((f) => ({ where: `${shown}: figure "${f.value} ${f.label}"`, ...f })),
    ),
  ];
}
