import type { Config } from "@netlify/functions";
import { queryOf } from "../../src/shared/common/schema-fields";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireMethod, validate, respond } from "../../src/server/http/http";
import { requireStaff } from "../../src/server/http/staff-auth";
import { staffActor } from "../../src/server/common/audit";
import { searchPerson } from "../../src/server/privacy/staff";
import { privacySearchApi } from "../../src/shared/api/privacy";

/**
 * GET /api/privacy/search?email= -> what is held under the address, as the person's own export
 * (root_admin). Audited, naming the person by a keyed hash of the address only.
 */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "GET");
    const staff = await requireStaff(app, req, "users");
    const { email } = validate(privacySearchApi.query, queryOf(new URL(req.url)));
    return respond(privacySearchApi, await searchPerson(app.deps, staffActor(app, staff), email));
  },
  { api: privacySearchApi },
);

export const config: Config = { path: "/api/privacy/search" };
