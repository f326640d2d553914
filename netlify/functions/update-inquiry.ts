import type { Config } from "@netlify/functions";
import { updateInquirySchema } from "../../src/shared/contact/admin-schemas";
import { endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { json, parseBody, requireMethod, validate } from "../../src/server/http/http";
import { setHandled } from "../../src/server/contact/pipeline";
import { sendRequestWebhooks } from "../../src/server/webhooks/deliver";
import { staffActor } from "../../src/server/common/audit";

/**
 * POST /api/update-inquiry { id, handled } -> { inquiry: { id, handled, handledAt, handledBy, stage } }:
 * handled moves a New lead to Contacted (a lead past New stays where it is); not handled, back to New.
 */
export default endpoint(async (req, app) => {
  requireMethod(req, "POST");
  const staff = await requireStaff(app, req, "write");
  const { id, handled } = validate(updateInquirySchema, await parseBody(req));
  const inquiry = await setHandled(app.deps, staffActor(app, staff), id, handled);
  app.deps.after(() => sendRequestWebhooks(app.deps)); // the CRM hears of it after the answer
  return json({
    inquiry,
    message: handled ? "Lead marked as handled" : "Lead marked as not handled",
  });
});

export const config: Config = { path: "/api/update-inquiry" };
