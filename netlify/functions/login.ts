import type { Config } from "@netlify/functions";
import { readSessionToken, sessionCookie } from "../../src/server/http/cookies";
import { endpoint } from "../../src/server/http/endpoint";
import { CLIENT_LIMITS } from "../../src/server/common/policies";
import { respond } from "../../src/server/http/responses";
import { deviceOf } from "../../src/server/http/staff-auth";
import { signIn } from "../../src/server/staff/sign-in";
import { loginApi } from "../../src/shared/staff/api";

/** 401 "Invalid credentials" for an unknown e-mail or a wrong password alike (staff/sign-in.ts). */
export default endpoint(
  loginApi,
  async ({ deps, app, req, body: { email, password } }) => {
    const [device, previousToken] = [deviceOf(app, req), readSessionToken(req)];
    const { role, token } = await signIn(deps, {
      email,
      password,
      clientKey: app.clientKey,
      device,
      previousToken,
    });
    return respond(loginApi, { role }, { headers: { "Set-Cookie": sessionCookie(token) } });
  },
  { rateLimit: CLIENT_LIMITS.login },
);

// Netlify's edge turns a flood away before the function runs (a first, loose line); the exact
// per-address limit is the database's, in the endpoint wrapper (SECURITY.md).
export const config: Config = {
  path: "/api/login",
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
