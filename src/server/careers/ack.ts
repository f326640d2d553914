/**
 * Access to the thank-you page: after a successful inquiry the visitor gets a short-lived, signed,
 * HttpOnly cookie that names only the inquiry id (the name is read from the database).
 *
 * Leaving the page revokes it, but a reload must not: the page cannot tell a reload from a
 * departure while it is being hidden, so revoking turns the grant into a "leaving" one that lives
 * LEAVING_GRACE_SECONDS. A reloaded page (it knows it is one from Navigation Timing) asks with
 * resume=1 and gets its grant back; any other visit finds the leaving grant worthless.
 */
import { SignJWT, jwtVerify } from "jose";
import type { Deps } from "../common/deps";

type AckDeps = Pick<Deps, "now" | "secret">;

export const ACK_COOKIE = "__Host-ack";
export const ACK_SECONDS = 30 * 60;
export const LEAVING_GRACE_SECONDS = 20;

export interface AckGrant {
  inquiryId: number;
  leaving: boolean;
  /** Unix seconds when the original grant ends; a resumed grant keeps it. */
  until: number;
}

const AUDIENCE = "ack";

function key(secret: string) {
  return new TextEncoder().encode(`ack:${secret}`);
}

async function sign(deps: AckDeps, grant: AckGrant, exp: number): Promise<string> {
  return new SignJWT({ iid: grant.inquiryId, lv: grant.leaving ? 1 : 0, until: grant.until })
    .setProtectedHeader({ alg: "HS256" })
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(deps.now().getTime() / 1000))
    .setExpirationTime(exp)
    .sign(key(deps.secret));
}

function cookie(value: string, maxAge: number): string {
  return `${ACK_COOKIE}=${value}; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=${maxAge}`;
}

export function clearAckCookie(): string {
  return cookie("", 0);
}

/** The Set-Cookie value granting access to /ack for the inquiry (0 = a decoy that grants nothing). */
export async function grantAck(deps: AckDeps, inquiryId: number): Promise<string> {
  const now = Math.floor(deps.now().getTime() / 1000);
  const until = now + ACK_SECONDS;
  return cookie(await sign(deps, { inquiryId, leaving: false, until }, until), ACK_SECONDS);
}

/** The grant in the cookie's `token`, or undefined when it is missing, forged or over. */
export async function readAck(deps: AckDeps, token: string | undefined): Promise<AckGrant | undefined> {
  if (!token || token.length > 1024) return undefined;
  try {
    const { payload } = await jwtVerify(token, key(deps.secret), {
      algorithms: ["HS256"],
      audience: AUDIENCE,
      currentDate: deps.now(),
    });
    const { iid, lv, until } = payload as { iid?: unknown; lv?: unknown; until?: unknown };
    if (typeof iid !== "number" || !Number.isInteger(iid) || typeof until !== "number") return undefined;
    return { inquiryId: iid, leaving: lv === 1, until };
  } catch {
    return undefined;
  }
}

/** The Set-Cookie value that turns a grant into a leaving one (or clears a worthless cookie). */
export async function leavingCookie(deps: AckDeps, grant: AckGrant | undefined): Promise<string> {
  if (!grant || grant.leaving) return clearAckCookie();
  const now = Math.floor(deps.now().getTime() / 1000);
  const exp = Math.min(grant.until, now + LEAVING_GRACE_SECONDS);
  if (exp <= now) return clearAckCookie();
  return cookie(await sign(deps, { ...grant, leaving: true }, exp), exp - now);
}

/** The Set-Cookie value restoring a leaving grant after a reload (it keeps its original end). */
export async function resumedCookie(deps: AckDeps, grant: AckGrant): Promise<string> {
  const now = Math.floor(deps.now().getTime() / 1000);
  return cookie(await sign(deps, { ...grant, leaving: false }, grant.until), Math.max(1, grant.until - now));
}
