/**
 * Owners on arrival: the assignment rules an admin sets (POST/PUT /api/assignment-rules). The
 * first enabled rule that matches a new inquiry's company size and budget gives it an owner,
 * round-robin over the rule's members; no match leaves it unassigned.
 */
import * as z from "zod";
import "../common/zod-config";
import { idField } from "../common/schema-fields";
import { BUDGETS, COMPANY_SIZES } from "./rules";
import { LEAD_KINDS } from "../trust/trust";

export const MAX_RULE_NAME = 80;

const list = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.preprocess(
    (v) => (v === undefined ? [] : typeof v === "string" ? [v] : v),
    z
      .array(
        z.enum(values, {
          error: (i) => `${label}: "${String(i.input).slice(0, 40)}" is not one of the form's values.`,
        }),
        `${label} must be a list.`,
      )
      .max(values.length, `${label}: each value at most once.`)
      .transform((l) => [...new Set(l)]),
  );

/** A rule as an admin writes it: empty sizes or budgets match any. */
export const assignmentRuleSchema = z.object({
  name: z
    .string("Name the rule.")
    .trim()
    .min(1, "Name the rule.")
    .max(MAX_RULE_NAME, `The rule's name may be at most ${MAX_RULE_NAME} characters.`),
  companySizes: list(COMPANY_SIZES, "companySizes"),
  budgets: list(BUDGETS, "budgets"),
  /** The lead kinds the rule takes (contact, security review); empty: any. */
  kinds: list(LEAD_KINDS, "kinds"),
  members: z.preprocess(
    (v) => (typeof v === "string" || typeof v === "number" ? [v] : v),
    z
      .array(idField, "members must be a list of staff ids.")
      .min(1, "Choose at least one member to share the leads.")
      .max(50, "A rule may share leads among at most 50 members.")
      .transform((l) => [...new Set(l)]),
  ),
  enabled: z
    .preprocess(
      (v) => (v === "false" ? false : v === "true" ? true : v),
      z.boolean("enabled must be true or false."),
    )
    .default(true),
});
export type AssignmentRuleInput = z.infer<typeof assignmentRuleSchema>;

/** PUT /api/assignment-rules/:id: the rule, and optionally its new place in the order (1 = first). */
export const assignmentRuleUpdateSchema = assignmentRuleSchema.extend({
  position: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce
      .number("position must be a number.")
      .int("position must be a whole number.")
      .min(1, "position starts at 1.")
      .max(1000, "position is at most 1000.")
      .optional(),
  ),
});
export type AssignmentRuleUpdate = z.infer<typeof assignmentRuleUpdateSchema>;
