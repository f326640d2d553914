/**
 * The one place that reads process.env. Every setting is validated here and the embedded
 * defaults (PGlite, local files, outbox) are chosen here, so nothing else guesses.
 */
import path from "node:path";
import * as z from "zod";
import "../lib/zod-config";

const DEFAULT_BLOCKED_DOMAINS =
  "gmail.com,googlemail.com,yahoo.com,hotmail.com,outlook.com,live.com,aol.com,icloud.com,me.com,proton.me,protonmail.com,gmx.com,mail.com,yandex.com,zoho.com";

const bool = (fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((v) => (v === undefined || v === "" ? fallback : !/^(0|off|false|no)$/i.test(v)));

const list = (fallback: string) =>
  z
    .string()
    .optional()
    .transform((v) =>
      (v && v.trim() !== "" ? v : fallback)
        .split(",")
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    );

const schema = z.object({
  /** Netlify sets CONTEXT=production on production deploys. */
  CONTEXT: z.string().optional(),
  NODE_ENV: z.string().optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(4321),
  DATA_DIR: z.string().default(".data"),
  SITE_URL: z.url().default("http://localhost:4321"),
  DATABASE_URL: z.string().optional(),
  /** auto: Neon's driver for *.neon.tech hosts, pg for any other postgres:// URL. */
  DATABASE_DRIVER: z.enum(["auto", "pg", "neon"]).default("auto"),
  /** Only for tests of the Neon adapter against a local PostgreSQL through a WebSocket bridge. */
  NEON_WS_PROXY: z.string().optional(),
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default("us-east-1"),
  S3_ENDPOINT: z.url().optional(),
  /** Netlify reserves the AWS_* names, so the keys have names of their own. */
  APP_AWS_ACCESS_KEY_ID: z.string().optional(),
  APP_AWS_SECRET_ACCESS_KEY: z.string().optional(),
  MAIL_DRIVER: z.enum(["auto", "ses", "outbox"]).default("auto"),
  SES_REGION: z.string().default("us-east-1"),
  SES_ENDPOINT: z.url().optional(),
  MAIL_FROM: z.string().default("Nimbus Cloud Ops <no-reply@example.com>"),
  SALES_EMAIL: z.email().default("sales@example.com"),
  SEED_ADMIN_EMAIL: z.email().optional(),
  SEED_ADMIN_PASSWORD: z.string().optional(),
  RATE_LIMITS: bool(true),
  BLOCKED_EMAIL_DOMAINS: list(DEFAULT_BLOCKED_DOMAINS),
  GOOGLE_TAG_ID: z
    .string()
    .regex(/^(G|GT|AW|UA)-[A-Z0-9-]+$/i, "GOOGLE_TAG_ID must look like G-XXXXXXX")
    .optional()
    .or(z.literal("")),
  /** Netlify's purge API token, to purge cached pages by tag after an edit. */
  NETLIFY_PURGE_API_TOKEN: z.string().optional(),
  SITE_ID: z.string().optional(),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
});

export type Env = ReturnType<typeof loadEnv>;

export function loadEnv(source: Record<string, string | undefined> = process.env) {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const production = e.CONTEXT === "production";
  if (production && !e.SESSION_SECRET) throw new Error("SESSION_SECRET is required in production");
  if (production && !e.DATABASE_URL) throw new Error("DATABASE_URL is required in production");
  const dataDir = path.resolve(e.DATA_DIR);
  const dbDriver: "pg" | "neon" | "none" = !e.DATABASE_URL
    ? "none"
    : e.DATABASE_DRIVER !== "auto"
      ? e.DATABASE_DRIVER
      : /\.neon\.tech([:/]|$)/.test(e.DATABASE_URL)
        ? "neon"
        : "pg";
  return {
    production,
    port: e.PORT,
    dataDir,
    uploadsDir: path.join(dataDir, "uploads"),
    outboxDir: path.join(dataDir, "outbox"),
    pgliteDir: path.join(dataDir, "pglite"),
    siteUrl: e.SITE_URL.replace(/\/$/, ""),
    database: { url: e.DATABASE_URL, driver: dbDriver, neonWsProxy: e.NEON_WS_PROXY },
    sessionSecret: e.SESSION_SECRET,
    storage: e.S3_BUCKET
      ? {
          kind: "s3" as const,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.APP_AWS_ACCESS_KEY_ID,
          secretAccessKey: e.APP_AWS_SECRET_ACCESS_KEY,
        }
      : { kind: "local" as const },
    mail:
      e.MAIL_DRIVER === "ses" || (e.MAIL_DRIVER === "auto" && (production || e.SES_ENDPOINT))
        ? {
            kind: "ses" as const,
            region: e.SES_REGION,
            endpoint: e.SES_ENDPOINT,
            accessKeyId: e.APP_AWS_ACCESS_KEY_ID,
            secretAccessKey: e.APP_AWS_SECRET_ACCESS_KEY,
          }
        : { kind: "outbox" as const },
    mailFrom: e.MAIL_FROM,
    salesEmail: e.SALES_EMAIL,
    seedAdmin:
      e.SEED_ADMIN_EMAIL && e.SEED_ADMIN_PASSWORD
        ? { email: e.SEED_ADMIN_EMAIL, password: e.SEED_ADMIN_PASSWORD }
        : undefined,
    rateLimits: e.RATE_LIMITS,
    blockedEmailDomains: e.BLOCKED_EMAIL_DOMAINS,
    googleTagId: e.GOOGLE_TAG_ID || undefined,
    purge: { token: e.NETLIFY_PURGE_API_TOKEN, siteId: e.SITE_ID },
    logLevel: e.LOG_LEVEL,
  };
}

let cached: Env | undefined;
/** The environment of this process, validated once. */
export function env(): Env {
  cached ??= loadEnv();
  return cached;
}
/** Tests change process.env between cases; this forgets the cached copy. */
export function resetEnv() {
  cached = undefined;
}
