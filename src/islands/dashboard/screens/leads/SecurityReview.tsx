/**
 * A security review's request for restricted documents, shown on its lead: who asked, the
 * documents, the NDA they accepted, and the decision; staff who may change leads approve (the
 * requester is mailed a signed link per document, valid 7 days) or deny it.
 */
import { useState } from "react";
import type { Lead } from "../../../../shared/contact/leads-api";
import {
  approveTrustRequestApi,
  denyTrustRequestApi,
  type TrustRequestView,
} from "../../../../shared/trust/api";
import { formatDateTime, MailLink, type useNotice } from "../../admin-ui";
import { api } from "../../api";
import s from "../../admin.module.css";

interface Props {
  lead: Lead;
  request: TrustRequestView;
  writer: boolean;
  notices: ReturnType<typeof useNotice>;
  onDecided: () => Promise<void>;
}

const STATUS = { pending: "Waiting for a decision", approved: "Approved", denied: "Denied" } as const;

export default function SecurityReview({ lead: l, request: r, writer, notices, onDecided }: Props) {
  const [busy, setBusy] = useState(false);

  async function decide(verdict: "approve" | "deny") {
    setBusy(true);
    try {
      const res = await api(verdict === "approve" ? approveTrustRequestApi : denyTrustRequestApi, {
        params: { id: r.id },
      });
      notices.show("success", res.message);
      await onDecided();
    } catch (err) {
      notices.fail(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <dl className={s.defs}>
        <dt>Kind</dt>
        <dd>Security review (documents under NDA)</dd>
        <dt>Work e-mail</dt>
        <dd>
          <MailLink email={l.email} />
        </dd>
        <dt>Documents asked for</dt>
        <dd>{r.documents.join(", ")}</dd>
        <dt>NDA accepted</dt>
        <dd>
          Version {r.ndaVersion}, {formatDateTime(r.ndaAcceptedAt)}
        </dd>
        <dt>Decision</dt>
        <dd>
          {STATUS[r.status]}
          {r.decidedAt ? ` by ${r.decidedBy ?? "?"}, ${formatDateTime(r.decidedAt)}` : ""}
          {r.linksExpireAt ? `; links work until ${formatDateTime(r.linksExpireAt)}` : ""}
        </dd>
      </dl>
      {writer && r.status === "pending" && (
        <div className={s.actions}>
          <button type="button" className="btn" disabled={busy} onClick={() => void decide("approve")}>
            Approve and send links<span className="visually-hidden"> to {l.fullName}</span>
          </button>
          <button
            type="button"
            className="btn btn--ghost"
            disabled={busy}
            onClick={() => void decide("deny")}
          >
            Deny<span className="visually-hidden"> the request from {l.fullName}</span>
          </button>
        </div>
      )}
    </>
  );
}
