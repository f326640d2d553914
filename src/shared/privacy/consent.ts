/**
 * The analytics consent: the first-party cookie that keeps the visitor's choice, and how long.
 * Read by the consent script (src/components/layout/Analytics.astro) and by the notice.
 */
export const CONSENT_COOKIE = "privacy_consent";
/** Six months (183 days): a choice is asked for again twice a year at most. */
export const CONSENT_MAX_AGE_SECONDS = 183 * 24 * 60 * 60;
export type ConsentChoice = "granted" | "denied";
