/**
 * Sign-in: the address's guess limit (login-guard.ts: the guess is reserved
 * before the password is compared), the comparison, and on failure the count, the lock notice and
 * a growing delay; on success a new session (a session the browser already had ends). An unknown
 * e-mail and a wrong password get the same answer in about the same time.
 */
import type { Role } from "../../shared/staff/staff";
import type { Deps } from "../common/deps";
import { DomainError, Unauthorized } from "../common/errors";
import { maskEmail } from "../platform/log";
import { recordAuth } from "./auth-events";
import { afterWrongPassword } from "./wrong-password";
import { checkCredentials } from "./credentials";
import * as guard from "./login-guard";
import { createSession, revokeSession, type Device } from "./sessions";
import { sessionFromToken } from "../common/session-token";

export const INVALID_CREDENTIALS = "Invalid credentials";

export interface SignInRequest {
  email: string;
  password: string;
  /** The client's rate-limit key (src/server/common/network-address.ts). */
  clientKey: string;
  device: Device;
  /** The session token the browser already holds, if any. */
  previousToken: string | undefined;
}

export async function signIn(
  deps: Pick<Deps, "db" | "mail" | "now" | "env" | "secret" | "requestId" | "after" | "log" | "sleep">,
  req: SignInRequest,
): Promise<{ role: Role; token: string }> {
  const attempt = { email: maskEmail(req.email), client: req.clientKey, requestId: deps.requestId };
  let reserved: { attempt: number };
  try {
    reserved = await guard.reserveAttempt(deps, req.email);
  } catch (err) {
    // Refusals (a lock; the client's rate limit is the endpoint's) go to the log only: each costs the guesser nothing, so writing
    // them to the trail would let anyone fill it, and tie up connections when it matters most.
    deps.log.info("login refused", { ...attempt, reason: err instanceof DomainError ? err.kind : "error" });
    throw err;
  }
  const { user, account } = await checkCredentials(deps, req.email, req.password);
  if (!user) {
    await afterWrongPassword(deps, {
      account: account ? { id: account.id, email: account.email } : undefined,
      attempt: reserved.attempt,
      address: req.device.address ?? null,
      action: "auth.login_failed",
      logFields: attempt,
    });
    throw new Unauthorized(INVALID_CREDENTIALS);
  }
  await guard.clearAttempts(deps, req.email);
  // Every sign-in gets a new session id and token; one this browser already had ends.
  const previous = await sessionFromToken(deps, req.previousToken);
  if (previous) await revokeSession(deps, previous.sessionId);
  const token = await createSession(deps, user.id, req.device);
  deps.log.info("login", { ...attempt, userId: user.id });
  // The trail names the account an attempt was for, never an address typed for none.
  await recordAuth(deps, req.device.address ?? null, "auth.login", { id: user.id, email: user.email });
  return { role: user.role, token };
}
