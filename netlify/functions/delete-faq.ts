import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { idParam } from "../../src/server/http/params";
import { deleteFaq } from "../../src/server/careers/faq-admin";
import { CAREERS_TAGS } from "../../src/server/careers/jobs";
import { requireMethod, respond } from "../../src/server/http/http";
import { audited } from "../../src/server/http/audited";
import { AUDIT_FIELDS } from "../../src/server/audit/fields";
import { deleteFaqApi } from "../../src/shared/api/careers-admin";

/** DELETE /api/delete-faq/:id */
export default endpoint(
  async (req, app, context) => {
    requireMethod(req, "DELETE");
    const staff = await requireStaff(app, req, "write");
    const id = idParam(context);
    await audited(
      app,
      staff,
      { action: "faq.delete", entity: "faq", id, table: "faqs", fields: AUDIT_FIELDS.faqs },
      ({ deps }) => deleteFaq(deps, id),
    );
    await app.deps.cdn.purge(CAREERS_TAGS);
    return respond(deleteFaqApi, { id, message: "FAQ deleted successfully" });
  },
  { api: deleteFaqApi },
);

export const config: Config = { path: "/api/delete-faq/:id" };
