import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { parseBody, requireMethod, respond, validate } from "../../src/server/http/http";
import { staffActor } from "../../src/server/common/audit";
import { createRule, listRules } from "../../src/server/contact/assignment";
import { addAssignmentRuleApi, assignmentRulesApi } from "../../src/shared/api/assignment";

/**
 * GET /api/assignment-rules -> { rules } (admin, root_admin);
 * POST /api/assignment-rules { name, companySizes, budgets, members, enabled } -> 201 { rule, message }.
 */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "GET", "POST");
    const staff = await requireStaff(app, req, "write");
    if (req.method === "GET") return respond(assignmentRulesApi, { rules: await listRules(app.deps) });
    const input = validate(addAssignmentRuleApi.body, await parseBody(req));
    const rule = await createRule(app.deps, staffActor(app, staff), input);
    return respond(addAssignmentRuleApi, { rule, message: `Rule "${rule.name}" added` });
  },
  { api: [assignmentRulesApi, addAssignmentRuleApi], method: ["GET", "POST"] },
);

export const config: Config = { path: "/api/assignment-rules" };
