/**
 * The honeypot of every public form (contact, application, comment, FAQ question): a field people
 * never see, so only a bot fills it. A bot is answered exactly as a person would be, and nothing
 * is stored or sent, so it learns nothing.
 */

import { HONEYPOT_FIELD } from "../../shared/common/honeypot";

export { HONEYPOT_FIELD };

/** True when the form's hidden field came back filled in. */
export function isBot(fields: Readonly<Record<string, unknown>>): boolean {
  const value = fields[HONEYPOT_FIELD];
  if (typeof value === "string") return value !== "";
  if (Array.isArray(value)) return value.some((v) => v !== "");
  return value !== undefined && value !== null;
}
