/**
 * A lead's other leads from the same buyer (the same e-mail address or company domain, both ways)
 * and the leads merged into it, with their files; admins merge a duplicate into this lead here.
 */
import { useEffect, useState } from "react";
import {
  inquiryFileApi,
  mergeLeadsApi,
  relatedLeadsApi,
  type Lead,
  type RelatedLead,
} from "../../../../shared/contact/leads-api";
import { formatSize } from "../../../../shared/common/upload-limits";
import { formatDateTime, type useNotice } from "../../admin-ui";
import { api } from "../../api";
import s from "../../admin.module.css";
import p from "../../pipeline.module.css";

type Related = { earlier: RelatedLead[]; later: RelatedLead[]; merged: RelatedLead[] };

const MATCH: Record<RelatedLead["match"], string> = {
  email: "same e-mail address",
  domain: "same company domain",
  merged: "merged into this lead",
};

/** The address of one lead in the inbox (its own filter; merged ones too). */
export const leadHref = (id: number) => `/dashboard/leads?lead=${id}#lead-${id}`;

interface Props {
  lead: Lead;
  writer: boolean;
  notices: ReturnType<typeof useNotice>;
  onMerged: (lead: Lead) => void;
}

export default function SameBuyer({ lead: l, writer, notices, onMerged }: Props) {
  const { show, fail } = notices;
  const [related, setRelated] = useState<Related | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    api(relatedLeadsApi, { params: { id: l.id } })
      .then((r) => live && setRelated(r))
      .catch(fail);
    return () => {
      live = false;
    };
  }, [l.id, l.merged, fail]);

  async function merge(from: RelatedLead) {
    setBusy(true);
    try {
      const res = await api(mergeLeadsApi, { body: { from: from.id, into: l.id } });
      show("success", res.message);
      setConfirming(null);
      onMerged(res.inquiry);
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  }

  async function openFile(r: RelatedLead) {
    try {
      const { url } = await api(inquiryFileApi, { params: { id: r.id } });
      window.location.assign(url);
    } catch (err) {
      fail(err);
    }
  }

  const item = (r: RelatedLead) => (
    <li key={r.id}>
      <p>
        <a href={leadHref(r.id)}>
          Lead #{r.id}
          <span className="visually-hidden"> from {r.fullName}</span>
        </a>{" "}
        · {r.fullName} · {r.orgName} · {r.projectType}
      </p>
      <p className={s.hint}>
        {r.stage} · received {formatDateTime(r.createdAt)} · {MATCH[r.match]}
        {r.mergedInto !== null && r.mergedInto !== l.id ? ` · merged into lead #${r.mergedInto}` : ""}
      </p>
      <div className={s.actions}>
        {r.match === "merged" && r.file && (
          <button type="button" className={s.smallButton} onClick={() => void openFile(r)}>
            Download attachment<span className="visually-hidden"> of lead #{r.id}</span> ({r.file.name}
            {r.file.size ? `, ${formatSize(r.file.size)}` : ""})
          </button>
        )}
        {writer && r.match !== "merged" && r.mergedInto === null && confirming !== r.id && (
          <button type="button" className={s.smallButton} onClick={() => setConfirming(r.id)}>
            Merge into this lead
            <span className="visually-hidden">
              : lead #{r.id} from {r.fullName}
            </span>
          </button>
        )}
      </div>
      {confirming === r.id && (
        <div className={p.confirm} role="group" aria-label={`Merge lead #${r.id} into lead #${l.id}`}>
          <p>
            Merge lead #{r.id} into this lead (#{l.id})? Its timeline and file will show here, and it leaves
            the list. Nothing is deleted.
          </p>
          <div className={s.actions}>
            <button type="button" className={s.smallButton} disabled={busy} onClick={() => void merge(r)}>
              {busy ? "Merging..." : `Merge lead #${r.id}`}
            </button>
            <button
              type="button"
              className={s.smallButton}
              disabled={busy}
              onClick={() => setConfirming(null)}
            >
              Cancel
            </button>
          </div>
        </div>
      )}
    </li>
  );

  const section = (title: string, list: RelatedLead[]) =>
    list.length > 0 && (
      <>
        <h4 className={s.hint}>{title}</h4>
        <ul className={p.related}>{list.map(item)}</ul>
      </>
    );

  if (!related) return <p>Loading the buyer's other leads...</p>;
  const none = !related.earlier.length && !related.later.length && !related.merged.length;
  return (
    <div className={p.sameBuyer}>
      {none && <p className={s.hint}>No other lead from this buyer or company.</p>}
      {section("Merged into this lead", related.merged)}
      {section("Earlier leads from this buyer", related.earlier)}
      {section("Later leads from this buyer", related.later)}
    </div>
  );
}
