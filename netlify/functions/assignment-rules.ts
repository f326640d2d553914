import type { Config } from "@netlify/functions";
import { endpoints, on } from "../../src/server/http/endpoint";
import { createRule, listRules } from "../../src/server/contact/assignment";
import { addAssignmentRuleApi, assignmentRulesApi } from "../../src/shared/contact/assignment-api";

/** The rules are listed in the order they are tried; a new one goes last. */
export default endpoints(
  on(assignmentRulesApi, async ({ deps }) => ({ rules: await listRules(deps) })),
  on(addAssignmentRuleApi, async ({ deps, actor, body }) => {
    const rule = await createRule(deps, actor, body);
    return { rule, message: `Rule "${rule.name}" added` };
  }),
);

export const config: Config = { path: "/api/assignment-rules" };
