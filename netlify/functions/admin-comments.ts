import type { Config } from "@netlify/functions";
import { queryOf } from "../../src/shared/common/schema-fields";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { listFaqsForStaff } from "../../src/server/careers/faq-admin";
import { requireMethod, validate, respond } from "../../src/server/http/http";
import { adminCommentsApi } from "../../src/shared/api/careers-admin";

/** GET /api/admin-comments?filter=all|unanswered&page= -> { comments: [{ id, question, answer }] } (staff). */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "GET");
    await requireStaff(app, req, "read");
    const { filter, page } = validate(adminCommentsApi.query, queryOf(new URL(req.url)));
    return respond(adminCommentsApi, await listFaqsForStaff(app.deps, filter, page));
  },
  { api: adminCommentsApi },
);

export const config: Config = { path: "/api/admin-comments" };
