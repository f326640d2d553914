/**
 * The shape of src/config/company.json, the one file an owner edits to make the site theirs.
 * Read by src/config/site.ts (which the code imports) and by the production check.
 */
import * as z from "zod";
import "../shared/common/zod-config";

const https = z.url({ protocol: /^https$/, error: "must be an https:// address" });
const email = z.email({ error: "must be an e-mail address" });

/** How many characters the header's logo holds (src/components/layout/logo-text.ts). */
export const LOGO_CHARACTERS = 24;

export const companySchema = z
  .strictObject({
    /**
     * The trading name: the logo, titles, headings, page copy, structured data, the feed, the
     * social-preview picture and mail. Nothing the site serves names the company otherwise.
     */
    name: z.string().min(2),
    /** The logo's words when `name` is longer than the logo holds; optional. */
    shortName: z.string().min(2).max(LOGO_CHARACTERS).optional(),
    /** The registered name (structured data, footer). */
    legalName: z.string().min(2),
    tagline: z.string().min(10),
    /** The default meta description and the footer's blurb. */
    description: z.string().min(40).max(200),
    /** Shown as written; the tel: link is made from its digits. */
    phone: z
      .string()
      .regex(/^\+\d[\d ()./-]{6,24}$/, "must start with + and the country code, e.g. +1 (415) 555-2671"),
    /** Sales: the mailto links of the contact page and footer. */
    email,
    careersEmail: email,
    /** Named by the privacy notice as the address for personal-data requests. */
    privacyEmail: email,
    address: z.strictObject({
      street: z.string().min(2),
      locality: z.string().min(2),
      region: z.string().min(2),
      postalCode: z.string().min(2),
      /** ISO 3166-1 alpha-2, e.g. IN or US. */
      country: z.string().regex(/^[A-Z]{2}$/, "must be a two-letter country code such as IN"),
    }),
    foundingYear: z.number().int().min(1900).max(2100),
    /**
     * The home page's row of figures, as the owner can back them ("98%" "Tickets answered within
     * an hour"); optional. Without any, the row is not shown at all.
     */
    figures: z
      .array(
        z.strictObject({
          /** Short: the tile shows it large ("24/7", "120+", "98%"). */
          value: z.string().trim().min(1).max(12),
          label: z.string().trim().min(2).max(60),
          /** A demo figure: a production build refuses it (src/config/production-check.ts). */
          example: z.boolean().optional(),
        }),
      )
      .max(8)
      .optional(),
    copyrightYear: z.number().int().min(1900).max(2100),
    social: z.strictObject({
      linkedin: https,
      facebook: https,
      instagram: https,
      x: https,
    }),
    videoChannel: https,
    /** The DPIIT startup recognition: its number and the PDF under public/. */
    certificate: z.strictObject({
      number: z.string().min(4),
      file: z.string().regex(/^\/[\w./-]+\.pdf$/, "must be a path under public/ ending in .pdf"),
    }),
  })
  .check((ctx) => {
    if (ctx.value.shortName === undefined && ctx.value.name.length > LOGO_CHARACTERS)
      ctx.issues.push({
        code: "custom",
        path: ["name"],
        message: `is longer than the logo holds (${LOGO_CHARACTERS} characters): add a shortName for the logo`,
        input: ctx.value.name,
      });
  });

export type Company = z.infer<typeof companySchema>;

/** Parses the owner's file, naming every wrong field at once. */
export function parseCompany(data: unknown, file = "src/config/company.json"): Company {
  const r = companySchema.safeParse(data);
  if (r.success) return r.data;
  const lines = r.error.issues.map((i) => `  ${i.path.join(".") || "(file)"}: ${i.message}`);
  throw new Error(`${file} is not valid:\n${lines.join("\n")}`);
}
