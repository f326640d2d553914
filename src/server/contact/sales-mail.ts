/**
 * The sales team's mail about an inquiry: its text, and sending it. A mail failure never loses an
 * inquiry: it is recorded in mail_log and notifySales can be called again to re-send.
 */
import { LABELS } from "../../shared/contact/rules";
import type { InquiryFields } from "../../shared/contact/leads";
import type { Deps } from "../common/deps";
import { recordMail, sendAndRecord } from "../common/notify";
import type { MailMessage } from "../platform/mail/mail";
import { getInquiry, type Inquiry } from "./inquiries";

function formatSize(bytes: number | null): string {
  if (!bytes) return "";
  return bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Where staff open a lead: the dashboard (sign-in required), never a bearer link to its file. */
export function leadUrl(siteUrl: string, id: number): string {
  return `${siteUrl.replace(/\/$/, "")}/dashboard/leads#lead-${id}`;
}

/**
 * The plain-text notification (nothing the visitor typed is ever sent as HTML). Mail is
 * forwarded, scanned and archived, so it carries no link that opens the attachment by itself:
 * it links to the lead in the dashboard, which hands out a short-lived link after sign-in.
 */
export function salesMessage(inquiry: Inquiry, to: string, dashboardLink: string): MailMessage {
  if (inquiry.kind === "security review")
    return {
      to,
      subject: `Security review request #${inquiry.id}: ${inquiry.orgName}`,
      text: [
        `A security review request (#${inquiry.id}) arrived through the trust center.`,
        "",
        `Name: ${inquiry.fullName}`,
        `Work e-mail: ${inquiry.email}`,
        `Company: ${inquiry.orgName}`,
        "",
        inquiry.projectDetails,
        "",
        `Approve or deny it from the lead in the dashboard (sign-in required): ${dashboardLink}`,
      ].join("\n"),
      replyTo: inquiry.email,
    };
  const text = [
    `A new inquiry (#${inquiry.id}) arrived through the website contact form.`,
    "",
    ...inquiryLines(inquiry, {
      file: inquiry.file
        ? `${inquiry.file.name} (${formatSize(inquiry.file.size)}), download it from the lead in the dashboard`
        : null,
      received: inquiry.createdAt,
    }),
    "",
    `Open the lead in the dashboard (sign-in required): ${dashboardLink}`,
    "",
    "Reply to this message to answer the sender. We promised a proposal within 24 hours.",
  ].join("\n");
  return {
    to,
    subject: `New inquiry #${inquiry.id}: ${inquiry.orgName} (${inquiry.projectType})`,
    text,
    replyTo: inquiry.email,
  };
}

/** The form's answers as the sales mails list them, with what the file was and when it came. */
export function inquiryLines(
  inquiry: Omit<InquiryFields, "id" | "kind" | "marketingConsentVersion" | "marketingConsentAt">,
  extra: { file: string | null; received: string },
): string[] {
  const line = (label: string, value: string | null) => `${label}: ${value && value !== "" ? value : "-"}`;
  const utm = Object.entries(inquiry.utm)
    .map(([k, v]) => `${k}=${v}`)
    .join(", ");
  return [
    line(LABELS.fullName, inquiry.fullName),
    line(LABELS.email, inquiry.email),
    line(LABELS.orgName, inquiry.orgName),
    line(LABELS.jobTitle, inquiry.jobTitle),
    line(LABELS.industry, inquiry.industry),
    line(LABELS.companySize, inquiry.companySize),
    line(LABELS.mobile, inquiry.mobile),
    line(LABELS.budget, inquiry.budget),
    line(LABELS.projectType, inquiry.projectType),
    line(`${LABELS.deadline} (YYYY-MM-DD)`, inquiry.deadline),
    "",
    `${LABELS.projectDetails}:`,
    inquiry.projectDetails || "-",
    "",
    `${LABELS.uploadedFile}: ${extra.file ?? "none"}`,
    "",
    line("Came from", inquiry.sourcePage),
    line("Campaign", utm || null),
    line("Received", extra.received),
  ];
}

/**
 * Mails the inquiry to sales, with a link to the lead in the dashboard. Never throws: the outcome
 * is in mail_log (kind 'inquiry', ref inquiries/id). Calling it again re-sends.
 */
export async function notifySales(
  deps: Pick<Deps, "db" | "mail" | "now" | "env" | "requestId" | "log">,
  id: number,
): Promise<boolean> {
  const { salesEmail, siteUrl } = deps.env;
  try {
    const inquiry = await getInquiry(deps, id);
    if (!inquiry) return false;
    return await sendAndRecord(deps, salesMessage(inquiry, salesEmail, leadUrl(siteUrl, id)), {
      kind: "inquiry",
      refTable: "inquiries",
      refId: id,
    });
  } catch (err) {
    deps.log.error("inquiry notification failed", {
      inquiryId: id,
      error: String(err),
      requestId: deps.requestId,
    });
    // Recorded like a refused message, so the retry job and the leads inbox see the failed attempt.
    await recordMail(
      deps,
      { kind: "inquiry", refTable: "inquiries", refId: id },
      { to: salesEmail, subject: `New inquiry #${id}` },
      String(err).slice(0, 500),
    );
    return false;
  }
}

/** Inquiries whose latest sales notification failed (or never went out): the re-send list. */
export async function unnotifiedInquiries(deps: Pick<Deps, "db">): Promise<number[]> {
  const rows = await deps.db.query<{ id: number }>(
    `SELECT i.id FROM inquiries i
      WHERE NOT EXISTS (SELECT 1 FROM mail_log m
                         WHERE m.ref_table = 'inquiries' AND m.ref_id = i.id AND m.kind = 'inquiry'
                           AND m.status = 'sent')
      ORDER BY i.id`,
  );
  return rows.map((r) => r.id);
}
