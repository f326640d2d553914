/**
 * The table of every variable the site reads: where each must be set and whether a deployed site
 * needs it. env.ts loads and checks them; the README's table and .env.example follow this one.
 */

/** Where a variable is read: by the functions at run time, by the build, or by local scripts. */
export type Scope = "functions" | "builds" | "local";

/**
 * Every variable the site reads, with its default and where it must be set. The README's
 * "Deploying to Netlify" table lists exactly these (a unit test compares them).
 */
export const VARIABLES = {
  SITE_URL: { scopes: ["functions", "builds"], requiredWhenDeployed: true },
  SESSION_SECRET: { scopes: ["functions"], requiredWhenDeployed: true },
  DATABASE_URL: { scopes: ["functions"], requiredWhenDeployed: true },
  DATABASE_DRIVER: { scopes: ["functions"], requiredWhenDeployed: false },
  NEON_WS_PROXY: { scopes: ["functions"], requiredWhenDeployed: false },
  S3_BUCKET: { scopes: ["functions"], requiredWhenDeployed: true },
  S3_REGION: { scopes: ["functions"], requiredWhenDeployed: false },
  S3_ENDPOINT: { scopes: ["functions"], requiredWhenDeployed: false },
  APP_AWS_ACCESS_KEY_ID: { scopes: ["functions"], requiredWhenDeployed: true },
  APP_AWS_SECRET_ACCESS_KEY: { scopes: ["functions"], requiredWhenDeployed: true },
  MAIL_DRIVER: { scopes: ["functions"], requiredWhenDeployed: false },
  SES_REGION: { scopes: ["functions"], requiredWhenDeployed: false },
  SES_ENDPOINT: { scopes: ["functions"], requiredWhenDeployed: false },
  MAIL_FROM: { scopes: ["functions"], requiredWhenDeployed: true },
  SALES_EMAIL: { scopes: ["functions"], requiredWhenDeployed: true },
  RATE_LIMITS: { scopes: ["functions"], requiredWhenDeployed: false },
  BLOCKED_EMAIL_DOMAINS: { scopes: ["functions", "builds"], requiredWhenDeployed: false },
  COMMENT_BLOCKED_WORDS: { scopes: ["functions"], requiredWhenDeployed: false },
  COMMENT_HOLD_FIRST: { scopes: ["functions"], requiredWhenDeployed: false },
  GOOGLE_TAG_ID: { scopes: ["functions", "builds"], requiredWhenDeployed: false },
  NETLIFY_PURGE_API_TOKEN: { scopes: ["functions"], requiredWhenDeployed: false },
  NETLIFY_API_URL: { scopes: ["functions"], requiredWhenDeployed: false },
  SITE_ID: { scopes: ["functions"], requiredWhenDeployed: false },
  CONTEXT: { scopes: ["functions", "builds"], requiredWhenDeployed: false },
  LOG_LEVEL: { scopes: ["functions"], requiredWhenDeployed: false },
  AUDIT_RETENTION_DAYS: { scopes: ["functions", "builds"], requiredWhenDeployed: false },
  AUDIT_ADDRESS_DAYS: { scopes: ["functions", "builds"], requiredWhenDeployed: false },
  RETENTION_APPLICATION_DAYS: { scopes: ["functions", "builds"], requiredWhenDeployed: false },
  RETENTION_TALENT_POOL_DAYS: { scopes: ["functions", "builds"], requiredWhenDeployed: false },
  RETENTION_LEAD_DAYS: { scopes: ["functions", "builds"], requiredWhenDeployed: false },
  RETENTION_MEETING_DAYS: { scopes: ["functions", "builds"], requiredWhenDeployed: false },
  RETENTION_COMMENT_EMAIL_DAYS: { scopes: ["functions", "builds"], requiredWhenDeployed: false },
  RETENTION_SPAM_SENDER_DAYS: { scopes: ["functions", "builds"], requiredWhenDeployed: false },
  RETENTION_SHORT_LIVED_DAYS: { scopes: ["functions", "builds"], requiredWhenDeployed: false },
  RETENTION_WEBHOOK_DAYS: { scopes: ["functions", "builds"], requiredWhenDeployed: false },
  RESPONSE_TARGET_FIRST_MINUTES: { scopes: ["functions"], requiredWhenDeployed: false },
  RESPONSE_TARGET_PROPOSAL_HOURS: { scopes: ["functions"], requiredWhenDeployed: false },
  BOOKING_DAYS_AHEAD: { scopes: ["functions"], requiredWhenDeployed: false },
  BOOKING_MIN_NOTICE_MINUTES: { scopes: ["functions"], requiredWhenDeployed: false },
  MEETING_JOIN_INFO: { scopes: ["functions"], requiredWhenDeployed: false },
  PORT: { scopes: ["local"], requiredWhenDeployed: false },
  DATA_DIR: { scopes: ["local"], requiredWhenDeployed: false },
  SEED_ADMIN_EMAIL: { scopes: ["local"], requiredWhenDeployed: false },
  SEED_ADMIN_PASSWORD: { scopes: ["local"], requiredWhenDeployed: false },
  TEST_CLOCK: { scopes: ["local"], requiredWhenDeployed: false },
} as const satisfies Record<string, { scopes: readonly Scope[]; requiredWhenDeployed: boolean }>;

export type VariableName = keyof typeof VARIABLES;
