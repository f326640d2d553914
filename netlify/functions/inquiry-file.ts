import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { idParam } from "../../src/server/http/params";
import { json, requireMethod } from "../../src/server/http/http";
import { inquiryFileLink } from "../../src/server/contact/inquiries-admin";

/** GET /api/inquiry-file/:id -> { url }: a link to the inquiry's attachment valid for two minutes (staff). */
export default endpoint(async (req, app, context) => {
  requireMethod(req, "GET");
  await requireStaff(app, req, "read");
  const id = idParam(context);
  return json({ url: await inquiryFileLink(app.deps, id) });
});

export const config: Config = { path: "/api/inquiry-file/:id" };
