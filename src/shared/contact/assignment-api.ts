/** Owners on arrival: the admins' assignment rules for new leads. */
import * as z from "zod";
import "../common/zod-config";
import { assignmentRuleSchema, assignmentRuleUpdateSchema } from "./assignment";
import { contract } from "../api/contract";
import { count, id, message, removed } from "../api/fields";
import { LEAD_KINDS } from "../trust/trust";

/** A rule as the screen shows it: members with their e-mail (null: no longer a lead owner). */
export const assignmentRule = z.strictObject({
  id,
  position: count,
  name: z.string(),
  /** Empty: any company size (any budget). */
  companySizes: z.array(z.string()),
  budgets: z.array(z.string()),
  /** The lead kinds it takes; empty: any. */
  kinds: z.array(z.enum(LEAD_KINDS)),
  members: z.array(z.strictObject({ id, email: z.string().nullable() })),
  enabled: z.boolean(),
  /** How many leads the rule has given an owner. */
  assigned: count,
});
export type AssignmentRule = z.infer<typeof assignmentRule>;

export const assignmentRulesApi = contract({
  method: "GET",
  path: "/api/assignment-rules",
  summary: "The rules that give new leads an owner, in the order they are tried",
  access: "leads:change",
  response: z.strictObject({ rules: z.array(assignmentRule) }),
});

export const addAssignmentRuleApi = contract({
  method: "POST",
  path: "/api/assignment-rules",
  summary: "A new rule, tried after the others",
  access: "leads:change",
  body: assignmentRuleSchema,
  status: 201,
  response: z.strictObject({ rule: assignmentRule, message }),
});

export const updateAssignmentRuleApi = contract({
  method: "PUT",
  path: "/api/assignment-rules/:id",
  summary: "Changes a rule, and its place in the order when `position` is given",
  access: "leads:change",
  ids: { id: "rule id" },
  body: assignmentRuleUpdateSchema,
  response: z.strictObject({ rule: assignmentRule, message }),
});

export const deleteAssignmentRuleApi = contract({
  method: "DELETE",
  path: "/api/assignment-rules/:id",
  summary: "Removes a rule; leads it assigned keep their owner",
  access: "leads:change",
  ids: { id: "rule id" },
  response: removed,
});

export const ASSIGNMENT = [
  assignmentRulesApi,
  addAssignmentRuleApi,
  updateAssignmentRuleApi,
  deleteAssignmentRuleApi,
];
