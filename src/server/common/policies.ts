/**
 * Every rate limit and cap of the site, in one place: per client address (below), per e-mail
 * address for codes, per mailbox for the mail anyone can make the site send, and per account for
 * sign-in. SECURITY.md states each of them; tests/unit/security-doc.test.ts holds the two together.
 *
 * Per client address: An endpoint names its policy in its
 * wrapper, `endpoint(handler, { method: "POST", rateLimit: CLIENT_LIMITS.login })`
 * (src/server/http/endpoint.ts), which counts the request before the handler runs: so before any
 * body is read, and without a function having to remember it. A client is an IPv4 address or an
 * IPv6 /64 (src/server/common/network-address.ts). `RATE_LIMITS=off` switches these off for load
 * tests only; the per-account and per-e-mail caps never are.
 */
import type { Limit } from "./rate-limit";

const MINUTE = 60;
const HOUR = 3600;

export const CLIENT_LIMITS = {
  /** Sign-in attempts, whichever accounts they aim at. */
  login: { bucket: "login-ip", max: 30, windowSeconds: 15 * MINUTE },
  /** Password reset codes asked for, and reset attempts. */
  forgotPassword: { bucket: "forgot-password", max: 10, windowSeconds: HOUR },
  resetPassword: { bucket: "reset-password", max: 20, windowSeconds: HOUR },
  /** Application e-mail codes sent, and code checks. */
  codeSend: { bucket: "otp-send", max: 10, windowSeconds: HOUR },
  codeVerify: { bucket: "otp-verify", max: 30, windowSeconds: HOUR },
  application: { bucket: "application", max: 10, windowSeconds: HOUR },
  faq: { bucket: "faq", max: 5, windowSeconds: HOUR },
  /** Comments: enough for a conversation, too few for a flood. */
  comment: { bucket: "comment", max: 5, windowSeconds: 10 * MINUTE },
  contact: { bucket: "contact", max: 5, windowSeconds: 10 * MINUTE },
  /** Requests for restricted trust-center documents: a review team asks a few times at most. */
  trustRequest: { bucket: "trust-request", max: 5, windowSeconds: 10 * MINUTE },
  /** A buyer's call: a few tries (a time just taken, a change of mind), then a cancellation. */
  booking: { bucket: "booking", max: 30, windowSeconds: 10 * MINUTE },
  /** Reports of comments: one per address and comment counts, a few an hour is plenty. */
  commentReport: { bucket: "comment-report", max: 10, windowSeconds: HOUR },
  /** The privacy page's codes sent, and code checks (as for applications' codes). */
  privacyCodeSend: { bucket: "privacy-send", max: 10, windowSeconds: HOUR },
  privacyCodeVerify: { bucket: "privacy-verify", max: 30, windowSeconds: HOUR },
} satisfies Record<string, Limit>;

export type ClientLimitName = keyof typeof CLIENT_LIMITS;

// Per e-mail address and purpose (common/codes.ts): the codes that prove an address.

/** Wrong tries of one code before it is void. */
export const CODE_MAX_ATTEMPTS = 5;
/** The wait before a new code may be asked for the same address. */
export const CODE_RESEND_SECONDS = 60;
/** Codes one address may be sent per UTC day (per purpose). */
export const CODES_PER_DAY = 5;
/** Wrong codes one address may try per UTC day (per purpose), across all its codes. */
export const WRONG_TRIES_PER_DAY = 15;

/**
 * Mail that anyone's request makes the site send to an address (e-mail codes, and the notice that
 * codes are paused): at most this many per mailbox per UTC day, however many requests arrive at
 * once, so nobody's mailbox can be flooded through the site.
 */
export const RECIPIENT_DAILY_MAX = 12;

/**
 * Lock notices per mailbox per UTC day: a lock lasts 15 minutes, so a guesser could start 96 a day;
 * the owner hears of the first ones. They have a cap of their own, which codes cannot fill.
 */
export const LOCK_NOTICES_DAILY_MAX = 12;

// Per account (staff/login-guard.ts): slower answers after a few wrong passwords, then a short lock.
// Frozen: a test that must not wait hands the endpoint its own `sleep` (Deps) instead.
export const LOGIN_POLICY = Object.freeze({
  /** Guesses after which every further failure is answered more slowly. */
  delayAfter: 3,
  /** The first delay; it doubles with every failure up to delayMaxMs. */
  delayBaseMs: 250,
  delayMaxMs: 4000,
  /** Guesses per e-mail address (since the last success or lock) that lock it. */
  lockAfter: 10,
  lockMinutes: 15,
});
