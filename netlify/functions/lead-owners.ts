import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { requireMethod, respond } from "../../src/server/http/http";
import { leadOwners } from "../../src/server/contact/pipeline";
import { leadOwnersApi } from "../../src/shared/api/leads";

/** GET /api/lead-owners -> { owners: [{ id, email }] }: the staff a lead can be assigned to (staff). */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "GET");
    await requireStaff(app, req, "read");
    return respond(leadOwnersApi, { owners: await leadOwners(app.deps) });
  },
  { api: leadOwnersApi },
);

export const config: Config = { path: "/api/lead-owners" };
