/**
 * The one place the server reads process.env (the build reads only src/config/public-env.ts).
 * Every setting is validated here, and the adapters are chosen here, so nothing else guesses:
 * a deployed function gets S3 and SES or refuses to run; elsewhere the embedded defaults
 * (PGlite, local files, outbox) fill in what is not set.
 */
import path from "node:path";
import * as z from "zod";
import "../../shared/common/zod-config";
import { publicSchema } from "../../config/public-env";
import { site } from "../../config/site";
import { isExampleValue } from "../../shared/common/placeholders";
import { VARIABLES, type VariableName } from "./env-variables";
import { featureSettings, featureSettingsShape } from "./feature-settings";

const bool = (fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((v) => (v === undefined || v === "" ? fallback : !/^(0|off|false|no)$/i.test(v)));

/**
 * Words that hold a comment for review: the usual subjects of comment spam on a business blog.
 * Each matches as a whole word or phrase, in any case ("casino" holds "Casino!" but not "occasional"),
 * in the text folded against disguises (look-alike letters, invisible characters, separators:
 * foldForMatching in src/server/blog/moderation.ts).
 */
export const DEFAULT_COMMENT_BLOCKED_WORDS =
  "casino,online betting,sports betting,viagra,cialis,porn,escort,payday loan,crypto giveaway,essay writing,buy followers,seo services";

const blockedWords = z
  .string()
  .optional()
  .transform((v) =>
    v !== undefined && v.trim().toLowerCase() === "none"
      ? []
      : (v && v.trim() !== "" ? v : DEFAULT_COMMENT_BLOCKED_WORDS)
          .split(",")
          .map((w) => w.trim().toLowerCase().replace(/\s+/g, " "))
          .filter(Boolean),
  )
  .pipe(
    z
      .array(z.string().max(100, "COMMENT_BLOCKED_WORDS: each word at most 100 characters"))
      .max(1000, "COMMENT_BLOCKED_WORDS: at most 1000 words"),
  );

/**
 * Deployed = running as a Netlify Function. Every Netlify Function runs on AWS Lambda, and the
 * Lambda runtime sets AWS_LAMBDA_FUNCTION_NAME and LAMBDA_TASK_ROOT in every function's
 * environment (AWS Lambda developer guide, "Defined runtime environment variables"). Netlify's
 * build-time variables such as CONTEXT are NOT given to functions at run time (Netlify docs,
 * "Environment variables and functions"), so they cannot tell a deployed function apart.
 */
export function isDeployed(source: Record<string, string | undefined> = process.env): boolean {
  return Boolean(source.AWS_LAMBDA_FUNCTION_NAME || source.LAMBDA_TASK_ROOT);
}

/**
 * The settings of a deployed site are missing or wrong. Every problem is listed, once; callers
 * of the API get a 503 and the log names the variables (never their values when secret).
 */
export class ConfigurationError extends Error {
  constructor(public problems: { variable: string; problem: string }[]) {
    super(
      `The site is not configured for deployment. Set these variables for the Functions scope ` +
        `(Netlify UI: Site configuration > Environment variables, or \`netlify env:set\`), then redeploy:\n` +
        problems.map((p) => `  ${p.variable}: ${p.problem}`).join("\n"),
    );
    this.name = "ConfigurationError";
  }
  get variables(): string[] {
    return [...new Set(this.problems.map((p) => p.variable))];
  }
}

/** A name as a mail's display name: quoted when it holds a sign that RFC 5322 gives a meaning. */
export function senderName(name: string): string {
  return /[()<>[\]:;@\\,."]/.test(name) ? `"${name.replace(/["\\]/g, "\\$&")}"` : name;
}

const schema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(4321),
  DATA_DIR: z.string().default(".data"),
  /** Unset (locally): this server's own address, http://localhost:PORT (see loadEnv). */
  SITE_URL: publicSchema.shape.SITE_URL.unwrap().optional(),
  DATABASE_URL: z.string().optional(),
  /** auto: Neon's driver for *.neon.tech hosts, pg for any other postgres:// URL. */
  DATABASE_DRIVER: z.enum(["auto", "pg", "neon"]).default("auto"),
  /** The Neon driver through a WebSocket-to-TCP bridge in front of a plain PostgreSQL (tests, rehearsal). */
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
  /** Unset (locally): the company's name from src/config/company.json at an example address. */
  MAIL_FROM: z.string().default(`${senderName(site.name)} <no-reply@example.com>`),
  SALES_EMAIL: z.email().default("sales@example.com"),
  SEED_ADMIN_EMAIL: z.email().optional(),
  SEED_ADMIN_PASSWORD: z.string().optional(),
  RATE_LIMITS: bool(true),
  /** The local server for end-to-end tests: a request may name its moment (platform/clock.ts). */
  TEST_CLOCK: bool(false),
  BLOCKED_EMAIL_DOMAINS: publicSchema.shape.BLOCKED_EMAIL_DOMAINS,
  GOOGLE_TAG_ID: publicSchema.shape.GOOGLE_TAG_ID,
  /** Words and phrases that hold a comment for review (comma-separated; "none" for none). */
  COMMENT_BLOCKED_WORDS: blockedWords,
  /** Hold a comment from an e-mail with no published comment yet (off by default). */
  COMMENT_HOLD_FIRST: bool(false),
  /** Netlify's purge API token, to purge cached pages by tag after an edit. */
  NETLIFY_PURGE_API_TOKEN: z.string().optional(),
  /** Base URL of Netlify's API (cache purges); another value only for a local stand-in. */
  NETLIFY_API_URL: z.url().default("https://api.netlify.com"),
  SITE_ID: z.string().optional(),
  /**
   * Netlify's deploy context. A deployed function is production unless this names another
   * (Netlify gives it to builds, not to functions); locally `CONTEXT=production` acts as production.
   */
  CONTEXT: z.string().optional(),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  ...featureSettingsShape,
} satisfies Record<VariableName, z.ZodType>);

/** The problems of a deployed environment: missing production settings and example values. */
function deployedProblems(source: Record<string, string | undefined>) {
  const problems: { variable: string; problem: string }[] = [];
  const val = (k: string) => {
    const v = source[k];
    return v === undefined || v.trim() === "" ? undefined : v;
  };
  for (const [name, spec] of Object.entries(VARIABLES)) {
    if (!spec.requiredWhenDeployed) continue;
    const v = val(name);
    if (v === undefined) problems.push({ variable: name, problem: "not set" });
    else if ((name === "SITE_URL" || name === "MAIL_FROM" || name === "SALES_EMAIL") && isExampleValue(v))
      problems.push({ variable: name, problem: `still the example value (${v})` });
  }
  if (val("MAIL_DRIVER") === "outbox")
    problems.push({
      variable: "MAIL_DRIVER",
      problem: "outbox writes files; a deployed site sends mail with SES",
    });
  if (val("DATABASE_DRIVER") === "pg")
    problems.push({
      variable: "DATABASE_DRIVER",
      problem: "a deployed function carries the Neon driver only (netlify.toml); use neon or auto",
    });
  const rl = val("RATE_LIMITS");
  if (rl !== undefined && /^(0|off|false|no)$/i.test(rl))
    problems.push({
      variable: "RATE_LIMITS",
      problem: "rate limits cannot be switched off on a deployed site",
    });
  const clock = val("TEST_CLOCK");
  if (clock !== undefined && !/^(0|off|false|no)$/i.test(clock))
    problems.push({ variable: "TEST_CLOCK", problem: "a deployed site keeps the real time" });
  return problems;
}

export type Env = ReturnType<typeof loadEnv>;

export function loadEnv(source: Record<string, string | undefined> = process.env) {
  const deployed = isDeployed(source);
  const parsed = schema.safeParse(source);
  const invalid = parsed.success
    ? []
    : parsed.error.issues.map((i) => ({ variable: i.path.join("."), problem: i.message }));
  if (deployed) {
    const problems = [...deployedProblems(source), ...invalid];
    if (problems.length > 0) throw new ConfigurationError(problems);
  }
  if (!parsed.success) {
    const lines = invalid.map((i) => `  ${i.variable}: ${i.problem}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  // One driver per deploy: deployed functions carry Neon's only (netlify.toml leaves pg out of
  // their zips); locally and in scripts, any postgres:// URL goes through pg.
  const dbDriver: "pg" | "neon" | "none" = !e.DATABASE_URL
    ? "none"
    : e.DATABASE_DRIVER !== "auto"
      ? e.DATABASE_DRIVER
      : deployed || /\.neon\.tech([:/]|$)/.test(e.DATABASE_URL)
        ? "neon"
        : "pg";
  const s3 = {
    kind: "s3" as const,
    bucket: e.S3_BUCKET ?? "",
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    accessKeyId: e.APP_AWS_ACCESS_KEY_ID,
    secretAccessKey: e.APP_AWS_SECRET_ACCESS_KEY,
  };
  const ses = {
    kind: "ses" as const,
    region: e.SES_REGION,
    endpoint: e.SES_ENDPOINT,
    accessKeyId: e.APP_AWS_ACCESS_KEY_ID,
    secretAccessKey: e.APP_AWS_SECRET_ACCESS_KEY,
  };
  return {
    /** A deployed function: S3 storage and SES mail only, nothing is written under dataDir. */
    deployed,
    /** Production: example (demo) content may not be published (src/server/site/). */
    production: e.CONTEXT ? e.CONTEXT === "production" : deployed,
    /** Where a deployed function's files are (Lambda's LAMBDA_TASK_ROOT), with db/*.sql beside it. */
    taskRoot: source.LAMBDA_TASK_ROOT || undefined,
    port: e.PORT,
    dataDir,
    uploadsDir: path.join(dataDir, "uploads"),
    outboxDir: path.join(dataDir, "outbox"),
    pgliteDir: path.join(dataDir, "pglite"),
    // The links in mails lead to the server that sent them: its PORT when SITE_URL is not set.
    siteUrl: (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    database: { url: e.DATABASE_URL, driver: dbDriver, neonWsProxy: e.NEON_WS_PROXY },
    sessionSecret: e.SESSION_SECRET,
    storage: deployed || e.S3_BUCKET ? s3 : { kind: "local" as const },
    mail:
      deployed || e.MAIL_DRIVER === "ses" || (e.MAIL_DRIVER === "auto" && e.SES_ENDPOINT)
        ? ses
        : { kind: "outbox" as const },
    mailFrom: e.MAIL_FROM,
    salesEmail: e.SALES_EMAIL,
    seedAdmin:
      e.SEED_ADMIN_EMAIL && e.SEED_ADMIN_PASSWORD
        ? { email: e.SEED_ADMIN_EMAIL, password: e.SEED_ADMIN_PASSWORD }
        : undefined,
    rateLimits: deployed || e.RATE_LIMITS,
    /** Whether a request may name the moment it is judged at (platform/clock.ts): never deployed. */
    testClock: !deployed && e.TEST_CLOCK,
    blockedEmailDomains: e.BLOCKED_EMAIL_DOMAINS,
    /** What holds a comment for review (src/server/blog/moderation.ts). */
    comments: { blockedWords: e.COMMENT_BLOCKED_WORDS, holdFirst: e.COMMENT_HOLD_FIRST },
    googleTagId: e.GOOGLE_TAG_ID || undefined,
    purge: {
      token: e.NETLIFY_PURGE_API_TOKEN,
      siteId: e.SITE_ID,
      apiUrl: e.NETLIFY_API_URL.replace(/\/$/, ""),
    },
    logLevel: e.LOG_LEVEL,
    ...featureSettings(e),
  };
}

let cached: Env | undefined;
let failed: unknown;
/** The environment of this process, validated once (a failure is remembered too). */
export function env(): Env {
  if (cached) return cached;
  if (failed) throw failed;
  try {
    cached = loadEnv();
  } catch (err) {
    failed = err;
    throw err;
  }
  return cached;
}
/** Tests change process.env between cases; this forgets the cached copy. */
export function resetEnv() {
  cached = undefined;
  failed = undefined;
}
