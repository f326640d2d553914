/** What is held under one address, as the self-service page shows it, with its download. */
import { EVENT_LABELS, type WebhookEvent } from "../../shared/webhooks/events";
import type { HeldApplication, HeldData } from "../../shared/privacy/api";
import { counted } from "../../shared/privacy/self-service";
import s from "./MyData.module.css";

const date = (iso: string) => iso.slice(0, 10);

function download(data: HeldData) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = `my-data-${data.exportedAt.slice(0, 10)}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

export function HeldDataView({
  data,
  id,
  busy,
  onWithdraw,
}: {
  data: HeldData;
  /** The page's id prefix, for the sections' headings. */
  id: string;
  busy: boolean;
  onWithdraw: (a: HeldApplication) => void;
}) {
  return (
    <>
      <section className={s.card} aria-labelledby={`${id}-held`}>
        <h2 id={`${id}-held`}>What we hold under {data.email}</h2>
        <p className={s.meta}>
          {counted(data.inquiries.length, "inquiry", "inquiries")},{" "}
          {counted(data.applications.length, "application", "applications")},{" "}
          {counted(data.comments.length, "comment", "comments")}.
        </p>
        <div className={s.row}>
          <button type="button" className="btn" onClick={() => download(data)}>
            Download my data (JSON)
          </button>
        </div>
      </section>

      <section className={s.card} aria-labelledby={`${id}-apps`}>
        <h2 id={`${id}-apps`}>Job applications</h2>
        {data.applications.length === 0 ? (
          <p className={s.empty}>None.</p>
        ) : (
          <ul className={s.list}>
            {data.applications.map((a) => (
              <li key={a.id} className={s.item}>
                <strong>
                  Application #{a.id}
                  {a.job ? `: ${a.job}` : ""}
                </strong>
                <p className={s.meta}>
                  Sent {date(a.createdAt)}, status {a.status}
                  {a.talentPool ? ", in the talent pool" : ""}
                </p>
                <dl className={s.fields}>
                  <dt>Name</dt>
                  <dd>
                    {a.firstName} {a.lastName}
                  </dd>
                  <dt>Phone</dt>
                  <dd>{a.mobile}</dd>
                  <dt>Address</dt>
                  <dd>{a.address}</dd>
                  <dt>Company</dt>
                  <dd>{a.currentCompany}</dd>
                  <dt>Skills</dt>
                  <dd>{a.skills}</dd>
                </dl>
                <div className={s.row}>
                  {a.resume && (
                    <a className="btn btn--ghost" href={a.resume.url}>
                      Download resume<span className="visually-hidden"> of application #{a.id}</span>
                    </a>
                  )}
                  <button
                    type="button"
                    className="btn btn--ghost"
                    disabled={busy}
                    onClick={() => onWithdraw(a)}
                  >
                    Withdraw<span className="visually-hidden"> application #{a.id}</span>
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className={s.card} aria-labelledby={`${id}-leads`}>
        <h2 id={`${id}-leads`}>Contact inquiries</h2>
        {data.inquiries.length === 0 ? (
          <p className={s.empty}>None.</p>
        ) : (
          <ul className={s.list}>
            {data.inquiries.map((i) => (
              <li key={i.id} className={s.item}>
                <strong>
                  Inquiry #{i.id} from {i.fullName}, {i.orgName}
                </strong>
                <p className={s.meta}>Sent {date(i.createdAt)}</p>
                {i.projectDetails && <p>{i.projectDetails}</p>}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className={s.card} aria-labelledby={`${id}-comments`}>
        <h2 id={`${id}-comments`}>Blog comments</h2>
        {data.comments.length === 0 ? (
          <p className={s.empty}>None.</p>
        ) : (
          <ul className={s.list}>
            {data.comments.map((c) => (
              <li key={c.id} className={s.item}>
                <strong>On “{c.post}”</strong>
                <p className={s.meta}>
                  {date(c.date)}, as {c.name}
                </p>
                <p>{c.comment}</p>
              </li>
            ))}
          </ul>
        )}
        {data.spamMark && (
          <p className={s.meta}>
            A comment from this address was marked as spam on {date(data.spamMark.markedAt)}, so new comments
            from it wait for review until {date(data.spamMark.until)}. We keep a fingerprint of the address
            for that, not the address itself.
          </p>
        )}
      </section>

      <section className={s.card} aria-labelledby={`${id}-crm`}>
        <h2 id={`${id}-crm`}>Copies sent to our sales system</h2>
        {data.sentToCrm.length === 0 ? (
          <p className={s.empty}>None.</p>
        ) : (
          <ul className={s.list}>
            {data.sentToCrm.map((d, i) => (
              <li key={i} className={s.item}>
                <strong>
                  {EVENT_LABELS[d.event as WebhookEvent] ?? d.event}, sent to {d.receiver}
                </strong>
                <p className={s.meta}>
                  {date(d.at)}, {d.status}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
