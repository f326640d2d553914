/**
 * The contact form's use case: the inquiry its function file checked (the form's schema of today,
 * the attachment by its bytes) is stored with its file, and sales is mailed (a failed mail is kept
 * for a re-send, never lost with the inquiry). The answer names the inquiry, for the thank-you
 * page's grant.
 */
import { contactSchema, type ContactInput } from "../../shared/contact/contact";
import type { Deps } from "../common/deps";
import type { CheckedFile } from "../common/files";
import { notifySales, saveInquiry } from "./inquiries";
import { getLead } from "./lead-list";
import { emitWebhookEvent } from "../common/webhook-events";

/** The day before today in UTC: a visitor west of Greenwich may still be on that day. */
export function earliestDeadline(now: Date): string {
  return new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
}

/** The contact form's schema as the server applies it today. */
export function inquirySchema(deps: Pick<Deps, "env" | "now">) {
  return contactSchema({
    blockedDomains: deps.env.blockedEmailDomains,
    minDeadline: earliestDeadline(deps.now()),
  });
}

/** A contact inquiry as its function file read and checked it (SPEC section 5). */
export interface CheckedInquiry {
  input: ContactInput;
  file: CheckedFile | undefined;
  /** The page the form was sent from, and the campaign's utm_* fields. */
  sourcePage: string | null;
  utm: Record<string, string>;
}

/** Stores a checked inquiry with its file, mails sales, and answers the inquiry's id. */
export async function submitInquiry(
  deps: Pick<Deps, "db" | "storage" | "mail" | "now" | "env" | "requestId" | "log">,
  inquiry: CheckedInquiry,
): Promise<number> {
  const id = await saveInquiry(deps, inquiry.input, inquiry.file, {
    sourcePage: inquiry.sourcePage,
    utm: inquiry.utm,
    at: deps.now(),
    then: async (tx, saved) => {
      const lead = await getLead(tx, saved);
      if (lead) await emitWebhookEvent(tx, deps, "lead.created", lead);
    },
  });
  await notifySales(deps, id);
  return id;
}
