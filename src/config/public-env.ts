/**
 * The public settings: the only ones a build reads (prerendered pages, /config.json, the
 * sitemap's site address). None is a secret, and reading them never touches a server setting,
 * so a Netlify build needs only SITE_URL, GOOGLE_TAG_ID, BLOCKED_EMAIL_DOMAINS and the retention
 * lifetimes (src/shared/privacy/retention.ts), never
 * SESSION_SECRET or DATABASE_URL. src/server/platform/env.ts validates the same variables with these
 * same rules for the functions.
 */
import * as z from "zod";
import "../shared/common/zod-config";
import { retentionDays, retentionShape } from "../shared/privacy/retention";

export const DEFAULT_BLOCKED_DOMAINS =
  "gmail.com,googlemail.com,yahoo.com,hotmail.com,outlook.com,live.com,aol.com,icloud.com,me.com,proton.me,protonmail.com,gmx.com,mail.com,yandex.com,zoho.com";

export const list = (fallback: string) =>
  z
    .string()
    .optional()
    .transform((v) =>
      (v && v.trim() !== "" ? v : fallback)
        .split(",")
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    );

export const publicSchema = z.object({
  SITE_URL: z.url().default("http://localhost:4321"),
  BLOCKED_EMAIL_DOMAINS: list(DEFAULT_BLOCKED_DOMAINS),
  GOOGLE_TAG_ID: z
    .string()
    .regex(/^(G|GT|AW|UA)-[A-Z0-9-]+$/i, "GOOGLE_TAG_ID must look like G-XXXXXXX")
    .optional()
    .or(z.literal("")),
  /** The privacy notice (prerendered) shows the lifetimes that the housekeeping job enforces. */
  ...retentionShape,
});

export type PublicEnv = ReturnType<typeof loadPublicEnv>;

export function loadPublicEnv(source: Record<string, string | undefined> = process.env) {
  // Only the public names are read from the source, one by one.
  const picked: Record<string, string | undefined> = {};
  for (const key of Object.keys(publicSchema.shape)) picked[key] = source[key];
  const parsed = publicSchema.safeParse(picked);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  return {
    siteUrl: e.SITE_URL.replace(/\/$/, ""),
    blockedEmailDomains: e.BLOCKED_EMAIL_DOMAINS,
    googleTagId: e.GOOGLE_TAG_ID || undefined,
    retention: retentionDays(e),
  };
}

let cached: PublicEnv | undefined;
/** The public settings of this build or process, validated once. */
export function publicEnv(): PublicEnv {
  cached ??= loadPublicEnv();
  return cached;
}
