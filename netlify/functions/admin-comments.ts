import type { Config } from "@netlify/functions";
import { faqListQuery } from "../../src/shared/careers/admin-schemas";
import { queryOf } from "../../src/shared/common/schema-fields";
import { endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { listFaqsForStaff } from "../../src/server/careers/faq-admin";
import { json, requireMethod, validate } from "../../src/server/http/http";

/** GET /api/admin-comments?filter=all|unanswered&page= -> { comments: [{ id, question, answer }] } (staff). */
export default endpoint(async (req, app) => {
  requireMethod(req, "GET");
  await requireStaff(app, req, "read");
  const { filter, page } = validate(faqListQuery, queryOf(new URL(req.url)));
  return json(await listFaqsForStaff(app.deps, filter, page));
});

export const config: Config = { path: "/api/admin-comments" };
