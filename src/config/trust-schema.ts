/**
 * The shape of src/config/trust.json: the certifications and attestations /trust shows, and the
 * settings of /.well-known/security.txt (RFC 9116). Read by src/config/trust.ts and by the
 * production check, which refuses demo entries and example addresses there as it does in the
 * company's file.
 */
import * as z from "zod";
import "../shared/common/zod-config";

const isoDate = z.iso.date({ error: "must be a date written YYYY-MM-DD" });
const text = (max: number) => z.string().trim().min(2).max(max);

const base = {
  /** "SOC 2 Type II", "ISO/IEC 27001:2022", "HIPAA, with a Business Associate Agreement"... */
  name: text(80),
  /** One sentence: what it covers. */
  summary: text(240),
  /** A demo entry: a production build refuses it (src/config/production-check.ts). */
  example: z.boolean().optional(),
};

export const certificationSchema = z.discriminatedUnion("status", [
  z.strictObject({ ...base, status: z.literal("achieved"), date: isoDate, auditor: text(120) }),
  z.strictObject({ ...base, status: z.literal("in-progress"), expected: text(60).optional() }),
  z.strictObject({ ...base, status: z.literal("not-held") }),
]);

export type Certification = z.infer<typeof certificationSchema>;

export const trustSchema = z.strictObject({
  certifications: z.array(certificationSchema).min(1).max(20),
  securityTxt: z.strictObject({
    /** Where to report a vulnerability: a mailto: or https: address (RFC 9116 section 2.5.3). */
    contact: z
      .string()
      .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, "must be a mailto: or https:// address"),
    /** Languages a report may be written in (RFC 5646 tags). */
    preferredLanguages: z
      .array(z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, "must be a language tag such as en"))
      .min(1),
    /** How long the file stays valid after the build, in days: at most a year (RFC 9116 section 2.5.5). */
    expiresInDays: z.number().int().min(7).max(365).default(365),
  }),
});

export type TrustConfig = z.infer<typeof trustSchema>;

/** Parses the owner's file, naming every wrong field at once. */
export function parseTrust(data: unknown, file = "src/config/trust.json"): TrustConfig {
  const r = trustSchema.safeParse(data);
  if (r.success) return r.data;
  const lines = r.error.issues.map((i) => `  ${i.path.join(".") || "(file)"}: ${i.message}`);
  throw new Error(`${file} is not valid:\n${lines.join("\n")}`);
}
