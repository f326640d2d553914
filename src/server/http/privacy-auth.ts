/**
 * The self-service page's access: a right code sets `__Host-privacy`, an HttpOnly cookie holding
 * a random token (only its hash is stored, with the code). Only /api/privacy/* reads it (a __Host-
 * cookie must have Path=/); it lasts 30 minutes. Its 401 names its own scheme, so a visitor's page
 * and a staff endpoint are told apart (tests/helpers/staff-functions.ts).
 */
import type { Deps } from "../common/deps";
import { readCookie, setCookie } from "./cookies";
import { HttpError } from "./errors";
import { PRIVACY_ACCESS_MINUTES, privacyTokenEmail } from "../common/privacy-token";

export const PRIVACY_COOKIE = "__Host-privacy";
export const PRIVACY_AUTH_SCHEME = 'EmailCode realm="privacy"';

export const privacyCookie = (token: string) =>
  setCookie(PRIVACY_COOKIE, token, PRIVACY_ACCESS_MINUTES * 60, "Strict");

export const clearPrivacyCookie = () => setCookie(PRIVACY_COOKIE, "", 0, "Strict");

/** The address this browser proved it owns within 30 minutes; 401 without it. */
export async function requirePrivacyEmail(
  app: { deps: Pick<Deps, "db" | "now"> },
  req: Request,
): Promise<string> {
  const email = await privacyTokenEmail(app.deps, readCookie(req, PRIVACY_COOKIE));
  if (!email)
    throw new HttpError(401, "Please confirm your e-mail address with a code first.", {
      "WWW-Authenticate": PRIVACY_AUTH_SCHEME,
    });
  return email;
}
