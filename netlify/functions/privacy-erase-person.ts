import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { parseBody, requireMethod, validate, respond } from "../../src/server/http/http";
import { requireStaff } from "../../src/server/http/staff-auth";
import { staffActor } from "../../src/server/common/audit";
import { eraseEverything } from "../../src/server/privacy/self-service";
import { privacyErasePersonApi } from "../../src/shared/api/privacy";

/**
 * POST /api/privacy/erase-person { email } -> { success, erased } (root_admin): a person's erasure
 * request handled by staff, exactly as the person's own (rows anonymised, files deleted), audited
 * without the address.
 */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "POST");
    const staff = await requireStaff(app, req, "users");
    const { email } = validate(privacyErasePersonApi.body, await parseBody(req));
    const erased = await eraseEverything(app.deps, email, staffActor(app, staff));
    return respond(privacyErasePersonApi, { success: true, erased });
  },
  { api: privacyErasePersonApi },
);

export const config: Config = { path: "/api/privacy/erase-person" };
