import type { Config } from "@netlify/functions";
import { updateFaqSchema } from "../../src/shared/careers/admin-schemas";
import { endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { updateFaqAnswer } from "../../src/server/careers/faq-admin";
import { CAREERS_TAGS } from "../../src/server/careers/jobs";
import { json, parseBody, requireMethod, validate } from "../../src/server/http/http";
import { audited } from "../../src/server/http/audited";
import { AUDIT_FIELDS } from "../../src/server/audit/fields";

/** POST /api/update-faq { id, answer } (an empty answer makes it unanswered again) -> { faq } */
export default endpoint(async (req, app) => {
  requireMethod(req, "POST");
  const staff = await requireStaff(app, req, "write");
  const { id, answer } = validate(updateFaqSchema, await parseBody(req));
  const faq = await audited(
    app,
    staff,
    { action: "faq.answer", entity: "faq", id, table: "faqs", fields: AUDIT_FIELDS.faqs },
    ({ deps }) => updateFaqAnswer(deps, id, answer),
  );
  await app.deps.cdn.purge(CAREERS_TAGS);
  return json({ faq, message: "FAQ updated successfully" });
});

export const config: Config = { path: "/api/update-faq" };
