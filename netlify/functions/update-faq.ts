import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { updateFaqAnswer } from "../../src/server/careers/faq-admin";
import { CAREERS_TAGS } from "../../src/server/careers/jobs";
import { parseBody, requireMethod, validate, respond } from "../../src/server/http/http";
import { audited } from "../../src/server/http/audited";
import { AUDIT_FIELDS } from "../../src/server/audit/fields";
import { updateFaqApi } from "../../src/shared/api/careers-admin";

/** POST /api/update-faq { id, answer } (an empty answer makes it unanswered again) -> { faq } */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "POST");
    const staff = await requireStaff(app, req, "write");
    const { id, answer } = validate(updateFaqApi.body, await parseBody(req));
    const faq = await audited(
      app,
      staff,
      { action: "faq.answer", entity: "faq", id, table: "faqs", fields: AUDIT_FIELDS.faqs },
      ({ deps }) => updateFaqAnswer(deps, id, answer),
    );
    await app.deps.cdn.purge(CAREERS_TAGS);
    return respond(updateFaqApi, { faq, message: "FAQ updated successfully" });
  },
  { api: updateFaqApi },
);

export const config: Config = { path: "/api/update-faq" };
