/**
 * The requests of the self-service page /privacy/my-data and of the staff Privacy screen: one
 * schema each, used by the page (instant messages) and by the functions (the authority).
 */
import * as z from "zod";
import "../common/zod-config";
import { codeRequestSchema, codeCheckSchema } from "../careers/careers";

/** POST /api/privacy/send-code, GET /api/privacy/search, POST /api/privacy/erase-person. */
export const privacyEmailSchema = codeRequestSchema;
/** POST /api/privacy/verify-code. */
export const privacyCodeSchema = codeCheckSchema;

const ID_MESSAGE = "id: choose one of your applications.";
/** POST /api/privacy/withdraw: one of the person's own applications. */
export const withdrawSchema = z.object({
  id: z.coerce.number(ID_MESSAGE).int(ID_MESSAGE).min(1, ID_MESSAGE).max(2_147_483_647, ID_MESSAGE),
});

const TOKEN_MESSAGE = "token: this link is not complete. Please open the link from the e-mail again.";
/** POST /api/privacy/extend: the link of the talent-pool reminder. */
export const extendSchema = z.object({
  token: z.string(TOKEN_MESSAGE).regex(/^\d{1,10}\.[\w-]{32}$/, TOKEN_MESSAGE),
});

/** "1 inquiry", "2 inquiries". */
export const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The receivers an erasure asked to delete their copy, in words: "crm.example.com (lead #4,
 * application #9)", several joined by "; ". Null when no receiver had been sent one.
 */
export function askedToDeleteText(
  list: readonly { receiver: string; leads: readonly number[]; applications: readonly number[] }[],
): string | null {
  if (list.length === 0) return null;
  return list
    .map((r) => {
      const records = [
        ...r.leads.map((id) => `lead #${id}`),
        ...r.applications.map((id) => `application #${id}`),
      ];
      return `${r.receiver} (${records.join(", ")})`;
    })
    .join("; ");
}
