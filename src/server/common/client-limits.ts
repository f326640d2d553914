/**
 * Every per-client-address rate limit, in one place. An endpoint names its policy in its
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
  /** Reports of comments: one per address and comment counts, a few an hour is plenty. */
  commentReport: { bucket: "comment-report", max: 10, windowSeconds: HOUR },
  /** The privacy page's codes sent, and code checks (as for applications' codes). */
  privacyCodeSend: { bucket: "privacy-send", max: 10, windowSeconds: HOUR },
  privacyCodeVerify: { bucket: "privacy-verify", max: 30, windowSeconds: HOUR },
} satisfies Record<string, Limit>;

export type ClientLimitName = keyof typeof CLIENT_LIMITS;
