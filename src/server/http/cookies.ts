/**
 * Cookies are HTTP: they are read and written here, and the use cases see only the values (a
 * session token, a thank-you page grant). Every cookie of the site is HttpOnly, Secure and
 * __Host- (no Domain, Path=/).
 */
import { SESSION_ABSOLUTE_SECONDS } from "../common/session-token";
import { VERIFICATION_MINUTES } from "../../shared/careers/careers-common";

export const ACK_COOKIE = "__Host-ack";
/** The single-use token from a verified application code to the application (careers/application-tokens.ts). */
export const APPLY_COOKIE = "__Host-apply";
export const SESSION_COOKIE = "__Host-session";

export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const i = part.indexOf("=");
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return undefined;
}

/** A Set-Cookie value; `maxAge` 0 with an empty value clears the cookie. */
export function setCookie(name: string, value: string, maxAge: number, sameSite: "Strict" | "Lax"): string {
  return `${name}=${value}; Path=/; HttpOnly; Secure; SameSite=${sameSite}; Max-Age=${maxAge}`;
}

/** The thank-you page's grant (Lax: the visitor arrives there from the contact form's redirect). */
export const ackCookie = (pass: { token: string; maxAge: number }) =>
  setCookie(ACK_COOKIE, pass.token, pass.maxAge, "Lax");

export const readAckToken = (req: Request) => readCookie(req, ACK_COOKIE);

/** The staff session (Strict: no other site can make the browser send it). */
export const sessionCookie = (token: string) =>
  setCookie(SESSION_COOKIE, token, SESSION_ABSOLUTE_SECONDS, "Strict");

export const clearSessionCookie = () => setCookie(SESSION_COOKIE, "", 0, "Strict");

export const readSessionToken = (req: Request) => readCookie(req, SESSION_COOKIE);

/** The application's token, valid as long as the verification (Strict: only this site sends it). */
export const applyCookie = (token: string) =>
  setCookie(APPLY_COOKIE, token, VERIFICATION_MINUTES * 60, "Strict");

export const clearApplyCookie = () => setCookie(APPLY_COOKIE, "", 0, "Strict");

export const readApplyToken = (req: Request) => readCookie(req, APPLY_COOKIE);
