import { startTransition, useId, useState } from "react";
import {
  assignLeadApi,
  inquiryFileApi,
  leadTimelineApi,
  resendNotificationApi,
  updateLeadStageApi,
  type Lead,
  type LeadEvent,
  type LeadOwner,
} from "../../../../shared/contact/leads-api";
import { LEAD_STAGES, type LeadStage } from "../../../../shared/contact/pipeline-terms";
import { formatSize } from "../../../../shared/common/upload-limits";
import { formatDateTime, type useNotice } from "../../admin-ui";
import { api } from "../../api";
import s from "../../admin.module.css";
import p from "../../pipeline.module.css";
import LeadFields from "./LeadFields";
import SecurityReview from "./SecurityReview";
import LeadNotes from "./LeadNotes";
import SameBuyer, { leadHref } from "./SameBuyer";
import TargetLine from "./TargetLine";
import CallLine from "./CallLine";
import { options, ownerOptions } from "../../ListControls";

type Notices = ReturnType<typeof useNotice>;

const size = (bytes: number | null) => (bytes ? formatSize(bytes) : "");

/** The badge class of a stage: open stages neutral, Won green, Lost grey-red. */
export function stageClass(stage: string): string {
  if (stage === "Won") return p.stageWon!;
  if (stage === "Lost") return p.stageLost!;
  if (stage === "New") return p.stageNew!;
  return p.stage!;
}

interface Props {
  lead: Lead;
  writer: boolean;
  owners: LeadOwner[];
  notices: Notices;
  onChanged: (lead: Lead) => void;
  reload: () => Promise<void>;
}

/**
 * One lead: its fields, stage and owner (changed by admin and root_admin), and the box of its notes
 * and timeline (LeadNotes), whose events it loads: a stage, owner or merge change reloads them.
 */
export default function LeadCard({ lead: l, writer, owners, notices, onChanged, reload }: Props) {
  const { show, fail } = notices;
  const uid = useId();
  const [busy, setBusy] = useState<"stage" | "owner" | "resend" | null>(null);
  const [buyerOpen, setBuyerOpen] = useState(false);
  const [events, setEvents] = useState<LeadEvent[] | null>(null);
  const [open, setOpen] = useState(false);

  async function loadTimeline() {
    try {
      const r = await api(leadTimelineApi, { params: { id: l.id } });
      setEvents(r.events);
    } catch (err) {
      fail(err);
    }
  }

  async function toggleTimeline() {
    const next = !open;
    // A transition: the tap paints at once; the timeline renders in slices (INP).
    startTransition(() => setOpen(next));
    if (next) await loadTimeline();
  }

  async function change(kind: "stage" | "owner", value: string) {
    setBusy(kind);
    try {
      const res =
        kind === "stage"
          ? await api(updateLeadStageApi, {
              body: { id: l.id, stage: value as LeadStage, expected: l.stage as LeadStage },
            })
          : await api(assignLeadApi, {
              body: { id: l.id, owner: value || "none", expected: l.owner ? l.owner.id : "none" },
            });
      onChanged(res.inquiry);
      show("success", res.message);
      if (open) await loadTimeline();
    } catch (err) {
      fail(err);
      // Someone else changed it meanwhile (409) or it failed: show the server's state again.
      await reload();
    } finally {
      setBusy(null);
    }
  }

  async function resend() {
    setBusy("resend");
    try {
      const res = await api(resendNotificationApi, { body: { id: l.id } });
      show("success", res.message);
    } catch (err) {
      fail(err);
    } finally {
      setBusy(null);
      await reload();
    }
  }

  async function openFile() {
    try {
      const { url } = await api(inquiryFileApi, { params: { id: l.id } });
      window.location.assign(url);
    } catch (err) {
      fail(err);
    }
  }

  const who = ` (lead from ${l.fullName})`;

  return (
    <li id={`lead-${l.id}`} tabIndex={-1} className={s.item}>
      <div className={p.cardHead}>
        <h3>
          {l.fullName} · {l.orgName}
        </h3>
        <span className={p.badges}>
          {l.returning && <span className={p.returning}>Returning buyer</span>}
          {l.merged > 0 && (
            <span className={p.stage}>
              {l.merged} merged lead{l.merged === 1 ? "" : "s"}
            </span>
          )}
          <span className={stageClass(l.stage)}>
            <span className="visually-hidden">Stage: </span>
            {l.stage}
          </span>
        </span>
      </div>
      {l.mergedInto !== null && (
        <p className={p.confirm}>
          This lead was merged into <a href={leadHref(l.mergedInto)}>lead #{l.mergedInto}</a>, where its
          timeline and file are shown; it is no longer in the list.
        </p>
      )}
      <p className={s.hint}>
        Received {formatDateTime(l.createdAt)} · Owner: {l.owner?.email ?? "nobody yet"}
      </p>
      <TargetLine lead={l} />
      <CallLine lead={l} />
      {!l.notification.sent && l.notification.failures > 0 && (
        <div className={`alert alert--error ${s.unsent}`}>
          <p>
            <strong>Sales were not notified of this lead.</strong> The notification failed{" "}
            {l.notification.failures === 1 ? "once" : `${l.notification.failures} times`}
            {l.notification.lastAttemptAt
              ? `, last at ${formatDateTime(l.notification.lastAttemptAt)}`
              : ""}.{" "}
            {l.notification.nextAttemptAt
              ? `It will be tried again automatically after ${formatDateTime(l.notification.nextAttemptAt)}.`
              : "It is no longer tried automatically."}
          </p>
          {writer && (
            <button type="button" className={s.smallButton} disabled={busy === "resend"} onClick={resend}>
              {busy === "resend" ? "Sending..." : "Send again"}
              <span className="visually-hidden"> the notification of the lead from {l.fullName}</span>
            </button>
          )}
        </div>
      )}
      {writer && (
        <div className={p.controls}>
          <div className="field">
            <label htmlFor={`${uid}-stage`}>
              Stage<span className="visually-hidden">{who}</span>
            </label>
            <select
              id={`${uid}-stage`}
              value={l.stage}
              disabled={busy === "stage"}
              onChange={(e) => void change("stage", e.target.value)}
            >
              {options(LEAD_STAGES)}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${uid}-owner`}>
              Owner<span className="visually-hidden">{who}</span>
            </label>
            <select
              id={`${uid}-owner`}
              value={l.owner ? String(l.owner.id) : ""}
              disabled={busy === "owner"}
              onChange={(e) => void change("owner", e.target.value)}
            >
              <option value="">Nobody yet</option>
              {l.owner && !owners.some((o) => o.id === l.owner!.id) && (
                <option value={String(l.owner.id)}>{l.owner.email}</option>
              )}
              {ownerOptions(owners)}
            </select>
          </div>
        </div>
      )}
      {l.securityReview ? (
        <SecurityReview
          lead={l}
          request={l.securityReview}
          writer={writer}
          notices={notices}
          onDecided={async () => {
            await reload();
            if (open) await loadTimeline();
          }}
        />
      ) : (
        <LeadFields lead={l} />
      )}
      <h4 className={s.hint}>Project details</h4>
      <p className={s.pre}>{l.projectDetails || "—"}</p>
      {l.lastNote && (
        <div className={p.lastNote}>
          <h4 className={s.hint}>
            Last note, by {l.lastNote.by}, {formatDateTime(l.lastNote.at)}
          </h4>
          <p className={s.pre}>{l.lastNote.body}</p>
        </div>
      )}
      <div className={s.actions}>
        {l.file && (
          <button type="button" className={s.smallButton} onClick={() => void openFile()}>
            Download attachment<span className="visually-hidden"> from {l.fullName}</span> ({l.file.name}
            {l.file.size ? `, ${size(l.file.size)}` : ""})
          </button>
        )}
        <button
          type="button"
          className={s.smallButton}
          aria-expanded={open}
          aria-controls={`${uid}-timeline`}
          onClick={() => void toggleTimeline()}
        >
          {open ? "Hide timeline" : "Timeline and notes"}
          <span className="visually-hidden">{who}</span>
        </button>
        <button
          type="button"
          className={s.smallButton}
          aria-expanded={buyerOpen}
          aria-controls={`${uid}-buyer`}
          onClick={() => setBuyerOpen(!buyerOpen)}
        >
          {buyerOpen ? "Hide the buyer's other leads" : "Same buyer"}
          <span className="visually-hidden">{who}</span>
        </button>
      </div>
      <div id={`${uid}-buyer`} hidden={!buyerOpen} className={p.timelineBox}>
        {buyerOpen && (
          <SameBuyer
            lead={l}
            writer={writer && l.mergedInto === null}
            notices={notices}
            onMerged={(next) => {
              onChanged(next);
              void reload();
              if (open) void loadTimeline();
            }}
          />
        )}
      </div>
      <div id={`${uid}-timeline`} hidden={!open} className={p.timelineBox}>
        <LeadNotes
          lead={l}
          writer={writer}
          open={open}
          events={events}
          notices={notices}
          onAdded={() => Promise.all([loadTimeline(), reload()]).then(() => undefined)}
        />
      </div>
    </li>
  );
}
