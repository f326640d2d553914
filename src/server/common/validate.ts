/**
 * Validation of a use case's input: the one rule for text, then the zod schema (shared with the
 * form in the browser). Every refusal is an Invalid naming the field (a 400 over HTTP).
 */
import type { ZodError, ZodType } from "zod";
import { Invalid } from "./errors";

/*
 * The one rule for text, for every field of every endpoint, whatever carried it (a JSON,
 * form-encoded or multipart body, or the query string), applied here before any schema:
 *   - a value holding NUL, another C0 control character (U+0001-U+001F except tab, line feed and
 *     carriage return) or DEL, or half of a UTF-16 surrogate pair, is refused with a 400 naming
 *     the field. Nothing is stripped or rewritten: what is stored is exactly what was sent.
 *   - lengths: every text field's schema has its own maximum (a 400 naming the field), and no
 *     body may pass MAX_TEXT_BODY / MAX_MULTIPART_BODY (a 413).
 * Uploaded files' names are not refused: they are cleaned for display (cleanFileName).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a text value breaks the rule above, or undefined when it does not. */
export function textProblem(value: string): string | undefined {
  if (CONTROL.test(value)) return "contains a control character";
  if (LONE_SURROGATE.test(value)) return "contains broken Unicode (half of a character pair)";
  return undefined;
}

/** Refuses the first field whose text breaks the rule above. */
export function checkText(fields: unknown) {
  if (!fields || typeof fields !== "object") return;
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? (value as unknown[]) : [value]) {
      if (typeof v !== "string") continue;
      const problem = textProblem(v);
      if (problem) throw new Invalid(`The field "${name}" ${problem}: please remove it and send again.`);
    }
  }
}

/** Validates parsed fields against a zod schema; the first problem becomes a 400 naming the field. */
export function validate<T>(schema: ZodType<T>, fields: unknown): T {
  checkText(fields);
  const res = schema.safeParse(fields);
  if (res.success) return res.data;
  throw new Invalid(firstIssue(res.error));
}

export function firstIssue(err: ZodError): string {
  const issue = err.issues[0];
  if (!issue) return "The request is not valid.";
  const field = issue.path.join(".");
  // Messages written in the schemas already name their field; zod's defaults do not.
  if (!field || issue.message.toLowerCase().includes(field.toLowerCase())) return issue.message;
  return `${field}: ${issue.message}`;
}
