import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { purgeTags } from "../../src/server/platform/cdn";
import { idFromPath } from "../../src/server/http/dashboard-http";
import { CAREERS_TAGS, deleteFaq } from "../../src/server/careers/faq-admin";
import { json, requireMethod } from "../../src/server/http/http";

/** DELETE /api/delete-faq/:id */
export default endpoint(async (req, app) => {
  requireMethod(req, "DELETE");
  await requireStaff(app, req, "write");
  const id = idFromPath(req, "/api/delete-faq");
  await deleteFaq(await app.db(), id);
  await purgeTags(CAREERS_TAGS);
  return json({ id, message: "FAQ deleted successfully" });
});

export const config: Config = { path: "/api/delete-faq/:id" };
