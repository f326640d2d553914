import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { parseBody, requireMethod, validate, respond } from "../../src/server/http/http";
import { setHandled } from "../../src/server/contact/pipeline";
import { staffActor } from "../../src/server/common/audit";
import { updateInquiryApi } from "../../src/shared/api/leads";

/**
 * POST /api/update-inquiry { id, handled } -> { inquiry: { id, handled, handledAt, handledBy, stage } }:
 * handled moves a New lead to Contacted (a lead past New stays where it is); not handled, back to New.
 */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "POST");
    const staff = await requireStaff(app, req, "write");
    const { id, handled } = validate(updateInquiryApi.body, await parseBody(req));
    const inquiry = await setHandled(app.deps, staffActor(app, staff), id, handled);
    return respond(updateInquiryApi, {
      inquiry,
      message: handled ? "Lead marked as handled" : "Lead marked as not handled",
    });
  },
  { api: updateInquiryApi },
);

export const config: Config = { path: "/api/update-inquiry" };
