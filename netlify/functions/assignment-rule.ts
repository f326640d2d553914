import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { idParam } from "../../src/server/http/params";
import { parseBody, requireMethod, respond, validate } from "../../src/server/http/http";
import { staffActor } from "../../src/server/common/audit";
import { deleteRule, updateRule } from "../../src/server/contact/assignment";
import { deleteAssignmentRuleApi, updateAssignmentRuleApi } from "../../src/shared/api/assignment";

/**
 * PUT /api/assignment-rules/:id { name, companySizes, budgets, members, enabled, position? } ->
 * { rule, message }; DELETE /api/assignment-rules/:id -> { id, message } (admin, root_admin).
 */
export default endpoint(
  async (req, app, context) => {
    requireMethod(req, "PUT", "DELETE");
    const staff = await requireStaff(app, req, "write");
    const id = idParam(context, "id", "rule id");
    if (req.method === "DELETE") {
      await deleteRule(app.deps, staffActor(app, staff), id);
      return respond(deleteAssignmentRuleApi, { id, message: "Rule deleted" });
    }
    const input = validate(updateAssignmentRuleApi.body, await parseBody(req));
    const rule = await updateRule(app.deps, staffActor(app, staff), id, input);
    return respond(updateAssignmentRuleApi, { rule, message: `Rule "${rule.name}" saved` });
  },
  { api: [updateAssignmentRuleApi, deleteAssignmentRuleApi], method: ["PUT", "DELETE"] },
);

export const config: Config = { path: "/api/assignment-rules/:id" };
