import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { idParam } from "../../src/server/http/params";
import { requireMethod, respond } from "../../src/server/http/http";
import { inquiryFileLink } from "../../src/server/contact/inquiries-admin";
import { inquiryFileApi } from "../../src/shared/api/leads";

/** GET /api/inquiry-file/:id -> { url }: a link to the inquiry's attachment valid for two minutes (staff). */
export default endpoint(
  async (req, app, context) => {
    requireMethod(req, "GET");
    await requireStaff(app, req, "read");
    const id = idParam(context);
    return respond(inquiryFileApi, { url: await inquiryFileLink(app.deps, id) });
  },
  { api: inquiryFileApi },
);

export const config: Config = { path: "/api/inquiry-file/:id" };
