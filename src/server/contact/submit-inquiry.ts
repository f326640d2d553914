/**
 * The contact form's use case: a bot (the honeypot) is answered like a person and nothing is
 * kept; otherwise every field is checked with the form's own schema, the attachment by its bytes,
 * the inquiry and its file are stored, and sales is mailed (a failed mail is kept for a re-send,
 * never lost with the inquiry). The answer names the inquiry, for the thank-you page's grant.
 */
import { cleanSourcePage, contactSchema, LABELS, pickUtm, UPLOAD_KINDS } from "../../shared/contact/contact";
import type { Deps } from "../common/deps";
import { checkUpload } from "../common/files";
import { isBot } from "../common/honeypot";
import { validate } from "../common/validate";
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

/**
 * Takes the form's fields as sent (text, and the attachment as a File) and answers the id of the
 * stored inquiry, or 0 for a bot.
 */
export async function submitInquiry(
  deps: Pick<Deps, "db" | "storage" | "mail" | "now" | "env" | "requestId" | "log">,
  fields: Readonly<Record<string, unknown>>,
): Promise<number> {
  if (isBot(fields)) return 0;
  const input = validate(inquirySchema(deps), fields);
  const file = await checkUpload(fields.uploadedFile, {
    field: "uploadedFile",
    label: LABELS.uploadedFile,
    kinds: UPLOAD_KINDS,
  });
  const id = await saveInquiry(deps, input, file, {
    sourcePage: cleanSourcePage(fields.sourcePage),
    utm: pickUtm(Object.entries(fields)),
    at: deps.now(),
    then: async (tx, saved) => {
      const lead = await getLead(tx, saved);
      if (lead) await emitWebhookEvent(tx, deps, "lead.created", lead);
    },
  });
  await notifySales(deps, id);
  return id;
}
