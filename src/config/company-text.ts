/**
 * Content files name the company through placeholders, never by its name: `${company.name}`,
 * `${company.legalName}`, `${company.address.locality}`: any field of src/config/company.json
 * that holds a text or a number. They are filled in when a page reads the entry, not when the
 * content is loaded: src/content/service-list.ts fills the YAML texts, and the seed
 * (scripts/seed/site-content.ts) the demo case studies' front matter and Markdown. Astro's
 * content cache keeps the placeholders, so a new name needs no cache to be cleared. A placeholder
 * that names no such field fails the build, naming the entry.
 *
 * The syntax is plain text in Markdown and in YAML (where `{{…}}` would start a mapping), and
 * reads as what it is.
 */

/** `${company.<field>}`, the field a dotted path. */
export const COMPANY_PLACEHOLDER = /\$\{company\.([A-Za-z][\w.]*)\}/g;

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export interface FillOptions {
  /** The entry, named when a placeholder is unknown. */
  where?: string | undefined;
  /** The text is HTML: values are escaped. */
  html?: boolean;
}

/** Fills in every placeholder of `text` from `company`; an unknown field throws, naming it. */
export function fillCompany(
  text: string,
  company: object,
  { where = "content", html = false }: FillOptions = {},
) {
  if (!text.includes("${company.")) return text;
  return text.replace(COMPANY_PLACEHOLDER, (placeholder, field: string) => {
    let value: unknown = company;
    for (const key of field.split("."))
      value = value && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined;
    if (typeof value === "string" || typeof value === "number")
      return html ? escapeHtml(String(value)) : String(value);
    throw new Error(
      `${where}: ${placeholder} names no text field of src/config/company.json (use \${company.name}, \${company.legalName}, ...)`,
    );
  });
}

/** Every string inside `value` (plain objects and arrays walked), placeholders filled in. */
export function fillCompanyDeep<T>(value: T, company: object, where?: string): T {
  if (typeof value === "string") return fillCompany(value, company, { where }) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => fillCompanyDeep(v, company, where)) as T;
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, fillCompanyDeep(v, company, where)]),
    ) as T;
  return value;
}
