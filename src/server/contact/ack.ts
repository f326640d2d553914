/**
 * Access to the thank-you page: after a successful inquiry the visitor gets a short-lived, signed
 * grant (an HttpOnly cookie, src/server/http/cookies.ts) that names only the inquiry id; the
 * name is read from the database.
 *
 * Leaving the page revokes it, but a reload must not: the page cannot tell a reload from a
 * departure while it is being hidden, so revoking turns the grant into a "leaving" one that lives
 * LEAVING_GRACE_SECONDS. A reloaded page (it knows it is one from Navigation Timing) asks with
 * resume=1 and gets its grant back; any other visit finds the leaving grant worthless.
 */
import { SignJWT, jwtVerify } from "jose";
import type { Deps } from "../common/deps";
import { inquiryName } from "./inquiries";

export const ACK_SECONDS = 30 * 60;
export const LEAVING_GRACE_SECONDS = 20;

export interface AckGrant {
  inquiryId: number;
  leaving: boolean;
  /** Unix seconds when the original grant ends; a resumed grant keeps it. */
  until: number;
}

/** A signed grant and how many seconds the browser keeps it; an empty token clears it. */
export interface AckPass {
  token: string;
  maxAge: number;
}

export const CLEARED: AckPass = { token: "", maxAge: 0 };

type AckDeps = Pick<Deps, "now" | "secret">;

const AUDIENCE = "ack";

function key(secret: string) {
  return new TextEncoder().encode(`ack:${secret}`);
}

const nowSeconds = (deps: AckDeps) => Math.floor(deps.now().getTime() / 1000);

async function sign(deps: AckDeps, grant: AckGrant, exp: number): Promise<string> {
  return new SignJWT({ iid: grant.inquiryId, lv: grant.leaving ? 1 : 0, until: grant.until })
    .setProtectedHeader({ alg: "HS256" })
    .setAudience(AUDIENCE)
    .setIssuedAt(nowSeconds(deps))
    .setExpirationTime(exp)
    .sign(key(deps.secret));
}

/** The grant for the inquiry's thank-you page (inquiry 0: a decoy that opens nothing). */
export async function grantAck(deps: AckDeps, inquiryId: number): Promise<AckPass> {
  const until = nowSeconds(deps) + ACK_SECONDS;
  return { token: await sign(deps, { inquiryId, leaving: false, until }, until), maxAge: ACK_SECONDS };
}

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

/**
 * Does this grant open the thank-you page? `name` when it does; `pass` is what the browser's
 * cookie becomes (cleared when it is worthless, renewed when a reload resumes a leaving grant).
 */
export async function checkAck(
  deps: AckDeps & Pick<Deps, "db">,
  token: string | undefined,
  opts: { resume: boolean },
): Promise<{ name?: string; pass?: AckPass }> {
  const grant = await readAck(deps, token);
  const denied = { ...(grant ? { pass: CLEARED } : {}) };
  if (!grant || grant.inquiryId < 1) return denied;
  if (grant.leaving && !opts.resume) return denied;
  const name = await inquiryName(deps, grant.inquiryId);
  if (!name) return denied;
  if (!grant.leaving) return { name };
  const pass = {
    token: await sign(deps, { ...grant, leaving: false }, grant.until),
    maxAge: Math.max(1, grant.until - nowSeconds(deps)),
  };
  return { name, pass };
}

/** The visitor leaves the page: the grant becomes a leaving one (or is cleared if worthless). */
export async function leaveAck(deps: AckDeps, token: string | undefined): Promise<AckPass> {
  const grant = await readAck(deps, token);
  if (!grant || grant.leaving) return CLEARED;
  const now = nowSeconds(deps);
  const exp = Math.min(grant.until, now + LEAVING_GRACE_SECONDS);
  if (exp <= now) return CLEARED;
  return { token: await sign(deps, { ...grant, leaving: true }, exp), maxAge: exp - now };
}
