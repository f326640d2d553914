import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { recordAudited } from "../../src/server/common/audit";
import { AUDIT_FIELDS } from "../../src/server/common/audit-fields";
import { deleteFaq } from "../../src/server/careers/faq-admin";
import { deleteFaqApi } from "../../src/shared/careers/admin-api";

/** A question, answered or not. */
export default endpoint(deleteFaqApi, async ({ deps, actor, params: { id } }) => {
  const spec = { action: "faq.delete", entity: "faq", id, table: "faqs", fields: AUDIT_FIELDS.faqs };
  await recordAudited(deps, actor, spec, (deps) => deleteFaq(deps, id));
  return { id, message: "FAQ deleted successfully" };
});

export const config: Config = { path: "/api/delete-faq/:id" };
