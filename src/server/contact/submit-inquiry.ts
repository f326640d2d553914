/**
 * The contact form's use case: the inquiry its function file checked (the form's schema of today,
 * the attachment by its bytes) is stored with its file, and sales is mailed (a failed mail is kept
 * for a re-send, never lost with the inquiry). The answer names the inquiry, for the thank-you
 * page's grant.
 */
import { contactSchema, type ContactInput } from "../../shared/contact/contact";
import type { Deps } from "../common/deps";
import { checkUpload, type CheckedFile } from "../common/files";
import { Unavailable } from "../common/errors";
import { validate } from "../common/validate";
import { isUnavailable } from "../platform/db/db";
import { cleanSourcePage, LABELS, pickUtm, UPLOAD_KINDS } from "../../shared/contact/rules";
import { saveInquiry } from "./inquiries";
import { inquiryLines, leadUrl, notifySales } from "./sales-mail";
import { assignOnArrival, type Assigned } from "./routing";
import { mailAcknowledgement } from "./buyer-mail";
import { sendAndRecord } from "../common/notify";
import type { MailMessage } from "../platform/mail/mail";
import { getLead } from "./lead-list";
import { emitWebhookEvent } from "../common/webhooks/events";

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
 * The contact form's fields as posted: checked (SPEC section 5, the file by its bytes) and stored.
 * While the database cannot be reached, sales get the inquiry by mail and the buyer is told to try
 * again (503); what they typed stays in the form. Answers the inquiry's id.
 */
export async function receiveInquiry(
  deps: Parameters<typeof submitInquiry>[0] & Parameters<typeof mailUnsavedInquiry>[0],
  fields: Readonly<Record<string, unknown>>,
): Promise<number> {
  const inquiry: CheckedInquiry = {
    input: validate(inquirySchema(deps), fields),
    file: await checkUpload(fields.uploadedFile, {
      field: "uploadedFile",
      label: LABELS.uploadedFile,
      kinds: UPLOAD_KINDS,
    }),
    sourcePage: cleanSourcePage(fields.sourcePage),
    utm: pickUtm(Object.entries(fields)),
  };
  try {
    return await submitInquiry(deps, inquiry);
  } catch (err) {
    if (!isUnavailable(err)) throw err;
    throw new Unavailable(await mailUnsavedInquiry(deps, inquiry), 30);
  }
}

/** A contact inquiry as read and checked (SPEC section 5). */
export interface CheckedInquiry {
  input: ContactInput;
  file: CheckedFile | undefined;
  /** The page the form was sent from, and the campaign's utm_* fields. */
  sourcePage: string | null;
  utm: Record<string, string>;
}

/**
 * Stores a checked inquiry with its file and gives it its owner by the assignment rules, in one
 * transaction (with its webhook events); mails sales, and the owner after the buyer's answer.
 * Answers the inquiry's id.
 */
export async function submitInquiry(
  deps: Pick<
    Deps,
    "db" | "storage" | "mail" | "now" | "env" | "secret" | "requestId" | "log" | "after" | "raise"
  >,
  inquiry: CheckedInquiry,
): Promise<number> {
  let assigned: Assigned | undefined;
  const id = await saveInquiry(deps, inquiry.input, inquiry.file, {
    sourcePage: inquiry.sourcePage,
    utm: inquiry.utm,
    at: deps.now(),
    then: async (tx, saved) => {
      assigned = await assignOnArrival(tx, deps, { id: saved, ...inquiry.input });
      const lead = await getLead(tx, saved, deps.env);
      if (lead) await emitWebhookEvent(tx, deps, "lead.created", lead);
    },
  });
  await notifySales(deps, id);
  // The buyer's copy, with the link to book a call (buyer-mail.ts), after the answer.
  deps.after(() => mailAcknowledgement(deps, id));
  const owner = assigned;
  if (owner)
    deps.after(() =>
      sendAndRecord(deps, ownerMessage(deps.env.siteUrl, id, inquiry.input, owner), {
        kind: "lead-owner",
        refTable: "inquiries",
        refId: id,
      }),
    );
  return id;
}

/** The owner's mail: the lead is theirs, with a link to it (nothing the buyer typed but names). */
export function ownerMessage(
  siteUrl: string,
  id: number,
  input: Pick<ContactInput, "fullName" | "orgName" | "companySize" | "budget" | "projectType">,
  a: Pick<Assigned, "ownerEmail" | "rule">,
): MailMessage {
  return {
    to: a.ownerEmail,
    subject: `Lead #${id} is yours: ${input.orgName} (${input.projectType})`,
    text: [
      `A new lead (#${id}) from ${input.fullName} at ${input.orgName} was assigned to you by the assignment rule "${a.rule}".`,
      "",
      `Company size: ${input.companySize}`,
      `Budget: ${input.budget}`,
      `Project type: ${input.projectType}`,
      "",
      `Open the lead in the dashboard (sign-in required): ${leadUrl(siteUrl, id)}`,
      "",
      "We promised the buyer a proposal within 24 hours.",
    ].join("\n"),
  };
}

/** The answers to a buyer whose inquiry arrived while the database could not be reached. */
export const OUTAGE = {
  mailed:
    "We could not record your inquiry just now, but it was e-mailed to our sales team, who will reply within 24 hours. There is no need to send it again.",
  mailedWithoutFile:
    "We could not record your inquiry just now, but it was e-mailed to our sales team, who will reply within 24 hours; they may ask you for your attachment again. There is no need to send it again.",
  lost: "The service is briefly unavailable and your inquiry was not sent. Your answers are still in the form: please send it again in a minute.",
};

/**
 * When the database cannot be reached, the inquiry goes to sales by mail instead (the lead is not
 * lost; the file cannot be kept, so the mail names it). Answers the sentence for the buyer's 503.
 */
export async function mailUnsavedInquiry(
  deps: Pick<Deps, "mail" | "env" | "now" | "requestId" | "log">,
  inquiry: CheckedInquiry,
): Promise<string> {
  const { input, file } = inquiry;
  const text = [
    "An inquiry arrived through the website contact form while the database could not be reached.",
    "It is NOT in the leads inbox: answer it from this mail, and add it to the pipeline once the site is back.",
    "",
    ...inquiryLines(
      { ...input, sourcePage: inquiry.sourcePage, utm: inquiry.utm },
      {
        file: file ? `${file.name} (${file.size} bytes), not kept: ask the sender for it` : null,
        received: deps.now().toISOString(),
      },
    ),
    "",
    "Reply to this message to answer the sender. We promised a proposal within 24 hours.",
  ].join("\n");
  try {
    await deps.mail.send({
      to: deps.env.salesEmail,
      subject: `Inquiry NOT SAVED (database unreachable): ${input.orgName} (${input.projectType})`,
      text,
      replyTo: input.email,
    });
    deps.log.warn("inquiry mailed to sales while the database was unreachable", {
      requestId: deps.requestId,
    });
    return file ? OUTAGE.mailedWithoutFile : OUTAGE.mailed;
  } catch (err) {
    deps.log.error("inquiry lost: database unreachable and mail failed", {
      requestId: deps.requestId,
      error: String(err),
    });
    return OUTAGE.lost;
  }
}
