import type { Lead } from "../../../../shared/contact/leads-api";
import { formatDateTime, formatIsoDay, MailLink } from "../../admin-ui";
import { PhoneLink } from "../../phone";
import s from "../../admin.module.css";

/** A lead's contact and project fields, as the contact form collected them. */
export default function LeadFields({ lead: l }: { lead: Lead }) {
  return (
    <dl className={s.defs}>
      <dt>Business Mail</dt>
      <dd>
        <MailLink email={l.email} />
      </dd>
      <dt>Mobile Number</dt>
      <dd>
        <PhoneLink phone={l.mobile} />
      </dd>
      <dt>Job Title</dt>
      <dd>{l.jobTitle}</dd>
      <dt>Industry</dt>
      <dd>{l.industry}</dd>
      <dt>Company Size</dt>
      <dd>{l.companySize}</dd>
      <dt>Approximate Budget</dt>
      <dd>{l.budget}</dd>
      <dt>Project Type</dt>
      <dd>{l.projectType}</dd>
      <dt>Deadline</dt>
      <dd>{l.deadline ? formatIsoDay(l.deadline) : "—"}</dd>
      {l.sourcePage && (
        <>
          <dt>Sent from</dt>
          <dd>{l.sourcePage}</dd>
        </>
      )}
      {Object.keys(l.utm).length > 0 && (
        <>
          <dt>Campaign</dt>
          <dd>
            {Object.entries(l.utm)
              .map(([k, v]) => `${k}=${v}`)
              .join(", ")}
          </dd>
        </>
      )}
      <dt>News by e-mail</dt>
      <dd>
        {l.marketingConsentAt
          ? `Agreed (notice ${l.marketingConsentVersion ?? "?"}, ${formatDateTime(l.marketingConsentAt)})`
          : "Not agreed"}
      </dd>
      {l.handled && l.handledBy && (
        <>
          <dt>Handled by</dt>
          <dd>
            {l.handledBy}
            {l.handledAt ? `, ${formatDateTime(l.handledAt)}` : ""}
          </dd>
        </>
      )}
    </dl>
  );
}
