/**
 * The buyer's acknowledgement: after the contact form, a copy of what they sent, when to expect
 * an answer (the response-time targets, RESPONSE_TARGET_*) and the link to book a call with their
 * owner (/book?token=...). Sent after the answer, within the mailbox's daily cap (the form may be
 * sent in another's name).
 */
import { site } from "../../config/site";
import type { Deps } from "../common/deps";
import { sendVisitorMail } from "../common/notify";
import type { MailMessage } from "../platform/mail/mail";
import { bookingToken, bookUrl } from "./booking-tokens";
import { getInquiry, type Inquiry } from "./inquiries";
import { inquiryLines } from "./sales-mail";

/** 60 -> "1 hour", 90 -> "90 minutes", 1440 -> "24 hours", 2880 -> "2 days". */
export function durationWords(minutes: number): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  if (minutes % 1440 === 0 && minutes > 1440) return plural(minutes / 1440, "day");
  if (minutes % 60 === 0) return plural(minutes / 60, "hour");
  return plural(minutes, "minute");
}

export function acknowledgement(
  inquiry: Inquiry,
  targets: { firstMinutes: number; proposalMinutes: number },
  bookLink: string,
): MailMessage {
  return {
    to: inquiry.email,
    subject: `We received your inquiry: ${site.name}`,
    text: [
      `Hello ${inquiry.fullName},`,
      "",
      `Thank you for writing to ${site.name}. We will answer within ${durationWords(targets.firstMinutes)}, and send a proposal within ${durationWords(targets.proposalMinutes)}.`,
      "",
      "Would you rather talk? Pick a time for a call with us, shown in your own time zone:",
      bookLink,
      "",
      "This is what you sent us:",
      "",
      ...inquiryLines(inquiry, {
        file: inquiry.file ? inquiry.file.name : null,
        received: inquiry.createdAt,
      }),
      "",
      `If you did not send this, you can ignore this mail. ${site.name}`,
    ].join("\n"),
  };
}

/** Sends the buyer's acknowledgement of inquiry `id` (never throws: mail_log keeps the outcome). */
export async function mailAcknowledgement(
  deps: Pick<Deps, "db" | "mail" | "now" | "env" | "secret" | "requestId" | "log">,
  id: number,
): Promise<void> {
  const inquiry = await getInquiry(deps, id);
  if (!inquiry) return;
  const link = bookUrl(deps.env.siteUrl, await bookingToken(deps, id));
  await sendVisitorMail(deps, acknowledgement(inquiry, deps.env.targets, link), {
    kind: "inquiry-ack",
    refTable: "inquiries",
    refId: id,
  });
}
