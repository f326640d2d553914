import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/app";
import { requireStaff } from "../../src/server/auth";
import { idFromPath } from "../../src/server/dashboard-http";
import { json, requireMethod } from "../../src/server/http";
import { inquiryFileLink } from "../../src/server/inquiries-admin";

/** GET /api/inquiry-file/:id -> { url }: a link to the inquiry's attachment valid for two minutes (staff). */
export default endpoint(async (req, app) => {
  requireMethod(req, "GET");
  await requireStaff(app, req, "read");
  const id = idFromPath(req, "/api/inquiry-file");
  return json({ url: await inquiryFileLink(await app.db(), await app.storage(), id) });
});

export const config: Config = { path: "/api/inquiry-file/:id" };
