import type { Config } from "@netlify/functions";
import { loginSchema } from "../../src/shared/staff/auth-schemas";
import { notifyLocked } from "../../src/server/staff/accounts";
import { endpoint } from "../../src/server/http/endpoint";
import { createSession, getSession, revokeSession, sessionCookie } from "../../src/server/staff/sessions";
import { errorResponse, json, parseBody, requireMethod, validate } from "../../src/server/http/http";
import { log, maskEmail } from "../../src/server/platform/log";
import * as guard from "../../src/server/staff/login-guard";
import { checkCredentials } from "../../src/server/staff/users";
import { recordAuth } from "../../src/server/audit/auth-events";

/**
 * POST /api/login { email, password } -> { role } and a new session cookie. Unknown e-mail and
 * wrong password get the same answer in about the same time (login-guard.ts: the guess is
 * reserved before the comparison; delays and locks alike for both).
 */
export default endpoint(async (req, app) => {
  requireMethod(req, "POST");
  const { email, password } = validate(loginSchema, await parseBody(req));
  const attempt = { email: maskEmail(email), client: app.clientKey, requestId: app.requestId };
  const db = await app.db();
  let reserved: { attempt: number };
  try {
    await guard.limitClient(app);
    reserved = await guard.reserveAttempt(app, db, email);
  } catch (err) {
    const status = (err as { status?: number }).status;
    log.info("login refused", { ...attempt, status });
    await recordAuth(app, db, "auth.login_refused", undefined, { status: [null, status ?? null] });
    throw err;
  }
  const { user, account } = await checkCredentials(db, email, password);
  if (!user) {
    const lockedNow = guard.startsLock(reserved.attempt);
    log.info("login failed", { ...attempt, failures: reserved.attempt, lockedNow });
    const who = account ? { id: account.id, email: account.email } : undefined;
    await recordAuth(app, db, "auth.login_failed", who, { failures: [null, reserved.attempt] });
    if (lockedNow) await recordAuth(app, db, "auth.lockout", who);
    if (lockedNow && account) app.after(() => notifyLocked(app, account));
    if (Math.random() < 0.02) app.after(() => guard.pruneAttempts(app, db));
    await guard.sleep(guard.failureDelayMs(reserved.attempt));
    return errorResponse(401, "Invalid credentials");
  }
  await guard.clearAttempts(app, db, email);
  // A session this browser already had ends: every login gets a new session id and token.
  const previous = await getSession(app, req);
  if (previous) await revokeSession(db, previous.sessionId, app.now());
  const token = await createSession(app, user.id, req);
  log.info("login", { ...attempt, userId: user.id });
  await recordAuth(app, db, "auth.login", { id: user.id, email: user.email });
  return json({ role: user.role }, { headers: { "Set-Cookie": sessionCookie(token) } });
});

export const config: Config = { path: "/api/login" };
