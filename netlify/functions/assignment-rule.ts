import type { Config } from "@netlify/functions";
import { endpoints, on } from "../../src/server/http/endpoint";
import { deleteRule, updateRule } from "../../src/server/contact/assignment";
import { deleteAssignmentRuleApi, updateAssignmentRuleApi } from "../../src/shared/contact/assignment-api";

/** Leads a deleted rule assigned keep their owner. */
export default endpoints(
  on(updateAssignmentRuleApi, async ({ deps, actor, params: { id }, body }) => {
    const rule = await updateRule(deps, actor, id, body);
    return { rule, message: `Rule "${rule.name}" saved` };
  }),
  on(deleteAssignmentRuleApi, async ({ deps, actor, params: { id } }) => {
    await deleteRule(deps, actor, id);
    return { id, message: "Rule deleted" };
  }),
);

export const config: Config = { path: "/api/assignment-rules/:id" };
