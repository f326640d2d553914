import type { Config } from "@netlify/functions";
import { queryOf } from "../../src/shared/common/schema-fields";
import { webhookDeliveriesApi } from "../../src/shared/api/webhooks";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { idParam } from "../../src/server/http/params";
import { requireMethod, respond, validate } from "../../src/server/http/http";
import { listDeliveries } from "../../src/server/webhooks/endpoints";

/**
 * GET /api/webhooks/:id/deliveries?page= -> { deliveries, page, pageSize, hasMore } (root_admin):
 * newest first, each with its latest attempts (status, time, HTTP code, first 1 kB of the answer).
 */
export default endpoint(
  async (req, app, context) => {
    requireMethod(req, "GET");
    await requireStaff(app, req, "users");
    const id = idParam(context, "id", "webhook id");
    const { page } = validate(webhookDeliveriesApi.query, queryOf(new URL(req.url)));
    return respond(webhookDeliveriesApi, await listDeliveries(app.deps, id, page));
  },
  { api: webhookDeliveriesApi },
);

export const config: Config = { path: "/api/webhooks/:id/deliveries" };
