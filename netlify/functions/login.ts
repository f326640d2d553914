import type { Config } from "@netlify/functions";
import { readSessionToken, sessionCookie } from "../../src/server/http/cookies";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { CLIENT_LIMITS } from "../../src/server/common/policies";
import { parseBody, requireMethod, validate, respond } from "../../src/server/http/http";
import { deviceOf } from "../../src/server/http/staff-auth";
import { signIn } from "../../src/server/staff/sign-in";
import { loginApi } from "../../src/shared/api/staff";

/**
 * POST /api/login { email, password } -> { role } and a new session cookie; 401 "Invalid
 * credentials" for an unknown e-mail or a wrong password alike (src/server/staff/sign-in.ts).
 */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "POST");
    const { email, password } = validate(loginApi.body, await parseBody(req));
    const { role, token } = await signIn(app.deps, {
      email,
      password,
      clientKey: app.clientKey,
      device: deviceOf(app, req),
      previousToken: readSessionToken(req),
    });
    return respond(loginApi, { role }, { headers: { "Set-Cookie": sessionCookie(token) } });
  },
  { api: loginApi, method: "POST", rateLimit: CLIENT_LIMITS.login },
);

export const config: Config = { path: "/api/login" };
