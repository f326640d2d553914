import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { recordAudited } from "../../src/server/common/audit";
import { AUDIT_FIELDS } from "../../src/server/common/audit-fields";
import { updateFaqAnswer } from "../../src/server/careers/faq-admin";
import { updateFaqApi } from "../../src/shared/careers/admin-api";

/** An empty answer makes the question unanswered again. */
export default endpoint(updateFaqApi, async ({ deps, actor, body: { id, answer } }) => {
  const spec = { action: "faq.answer", entity: "faq", id, table: "faqs", fields: AUDIT_FIELDS.faqs };
  const faq = await recordAudited(deps, actor, spec, (deps) => updateFaqAnswer(deps, id, answer));
  return { faq, message: "FAQ updated successfully" };
});

export const config: Config = { path: "/api/update-faq" };
