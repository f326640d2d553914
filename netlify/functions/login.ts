import type { Config } from "@netlify/functions";
import { loginSchema } from "../../src/lib/auth-schemas";
import { endpoint } from "../../src/server/app";
import { createSession, sessionCookie } from "../../src/server/auth";
import { errorResponse, json, parseBody, requireMethod, validate } from "../../src/server/http";
import { log, maskEmail } from "../../src/server/log";
import { checkCredentials } from "../../src/server/users";

/** POST /api/login { email, password } -> { role } and the session cookie. */
export default endpoint(async (req, app) => {
  requireMethod(req, "POST");
  const { email, password } = validate(loginSchema, await parseBody(req));
  const db = await app.db();
  const user = await checkCredentials(db, email, password);
  if (!user) {
    log.info("login failed", { email: maskEmail(email), requestId: app.requestId });
    return errorResponse(401, "Invalid credentials");
  }
  const token = await createSession(app, user.id);
  log.info("login", { userId: user.id, requestId: app.requestId });
  return json({ role: user.role }, { headers: { "Set-Cookie": sessionCookie(token) } });
});

export const config: Config = { path: "/api/login" };
