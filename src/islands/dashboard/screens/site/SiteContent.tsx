/**
 * Dashboard screen "Site content": the site's proof, which the public pages show once published:
 * case studies, testimonials, client logos and partner badges; and the subprocessors the trust
 * center lists (Subprocessors.tsx) and its documents (TrustDocuments.tsx: admins only change
 * them). Every role may look; editors,
 * admins and root admins add, edit, publish, unpublish and delete (read-only for the others).
 */
import { useCallback, useEffect, useState } from "react";
import { may } from "../../../../shared/staff/permissions";
import type { StaffSession } from "../../../../shared/staff/staff";
import {
  caseStudiesApi,
  deleteCaseStudyApi,
  deleteProofItemApi,
  proofItemsApi,
  updateCaseStudyApi,
  updateProofItemApi,
  uploadLogoApi,
  type CaseStudy,
  type ProofItem,
} from "../../../../shared/site/api";
import { routeOf } from "../../../../shared/api/route";
import {
  PROOF_KIND_LABELS,
  PROOF_KINDS,
  caseStudyPath,
  type ContentStatus,
} from "../../../../shared/site/site-content";
import { upload } from "../../../lib/api-client";
import { useConfirm } from "../../../ui/useConfirm";
import { Notice, useNotice } from "../../admin-ui";
import { api, ApiError } from "../../api";
import s from "../../admin.module.css";
import c from "./site.module.css";
import CaseStudyForm from "./CaseStudyForm";
import ProofItemForm from "./ProofItemForm";
import { RowActions, States } from "./parts";
import Subprocessors from "./Subprocessors";
import TrustDocuments from "./TrustDocuments";

type Editing = { what: "study"; id: number | "new" } | { what: "item"; id: number | "new" } | null;

export function itemTitle(i: ProofItem): string {
  if (i.kind === "testimonial") return `${i.author}, ${i.company}`;
  if (i.kind === "client") return i.name;
  return `${i.cloud}: ${i.programme}`;
}

export default function SiteContent({ session }: { session: StaffSession }) {
  const writer = may(session.role, "site:change");
  const { notice, show, fail } = useNotice();
  const { ask, dialog } = useConfirm();
  const [studies, setStudies] = useState<CaseStudy[] | null>(null);
  const [items, setItems] = useState<ProofItem[] | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      const [a, b] = await Promise.all([api(caseStudiesApi), api(proofItemsApi)]);
      setStudies(a.caseStudies);
      setItems(b.items);
    } catch (err) {
      fail(err);
    }
  }, [fail]);

  useEffect(() => void load(), [load]);

  async function run(task: () => Promise<{ message: string }>) {
    setBusy(true);
    try {
      show("success", (await task()).message);
      setEditing(null);
      await load();
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  }

  const toggle = (status: ContentStatus): ContentStatus => (status === "published" ? "draft" : "published");

  async function removeStudy(st: CaseStudy) {
    const ok = await ask({
      title: "Delete the case study?",
      body: <p>“{st.title}” and its page will be gone for good.</p>,
      confirm: "Delete",
    });
    if (ok) await run(() => api(deleteCaseStudyApi, { params: { id: st.id } }));
  }

  async function removeItem(i: ProofItem) {
    const ok = await ask({
      title: `Delete the ${PROOF_KIND_LABELS[i.kind].toLowerCase()}?`,
      body: <p>“{itemTitle(i)}” will be gone for good.</p>,
      confirm: "Delete",
    });
    if (ok) await run(() => api(deleteProofItemApi, { params: { id: i.id } }));
  }

  async function uploadLogo(i: ProofItem, file: File | undefined) {
    if (!file) return;
    const form = new FormData();
    form.set("logo", file);
    await run(async () => {
      const answer = await upload(routeOf(uploadLogoApi), form, {}, { id: i.id }).catch(() => {
        throw new ApiError(0, "The upload did not reach the server. Check your connection and try again.");
      });
      if (!answer.ok) throw new ApiError(answer.status, answer.data.error ?? "The upload failed.");
      return answer.data;
    });
  }

  const editingStudy = (id: number | "new") => editing?.what === "study" && editing.id === id;
  const editingItem = (id: number | "new") => editing?.what === "item" && editing.id === id;

  return (
    <section className={s.screen} aria-labelledby="site-title">
      <h1 id="site-title">Site content</h1>
      <Notice notice={notice} />
      {dialog}
      <p>
        The case studies, testimonials, client logos and partner badges the public pages show, and the
        subprocessors the trust center lists. A draft is never shown; a published change is on the site within
        a minute. Items marked Example are demo content, which the production site does not publish.
        {!writer && " Your role can view this content but not change it."}
      </p>

      <h2 id="studies-title">Case studies</h2>
      {writer &&
        (editingStudy("new") ? (
          <CaseStudyForm busy={busy} onDone={(t) => void run(t)} onCancel={() => setEditing(null)} />
        ) : (
          <div className={s.actions}>
            <button type="button" className="btn" onClick={() => setEditing({ what: "study", id: "new" })}>
              Add a case study
            </button>
          </div>
        ))}
      {studies === null ? (
        <p>Loading the case studies...</p>
      ) : studies.length === 0 ? (
        <p>No case studies yet.</p>
      ) : (
        <ul className={c.list} aria-labelledby="studies-title">
          {studies.map((st) =>
            editingStudy(st.id) ? (
              <li key={st.id}>
                <CaseStudyForm
                  initial={st}
                  busy={busy}
                  onDone={(t) => void run(t)}
                  onCancel={() => setEditing(null)}
                />
              </li>
            ) : (
              <li key={st.id} className={c.row}>
                <h3>{st.title}</h3>
                <States status={st.status} example={st.example} />
                <p>
                  {st.client} · {st.industry} · {st.publishedOn}
                </p>
                <div className={s.actions}>
                  {st.status === "published" && (
                    <a className={s.smallButton} href={caseStudyPath(st.slug)} target="_blank" rel="noopener">
                      View<span className="visually-hidden"> case study {st.title}</span>
                    </a>
                  )}
                  {writer && (
                    <RowActions
                      name={`case study ${st.title}`}
                      status={st.status}
                      busy={busy}
                      onEdit={() => setEditing({ what: "study", id: st.id })}
                      onToggle={() =>
                        void run(() =>
                          api(updateCaseStudyApi, {
                            params: { id: st.id },
                            body: { status: toggle(st.status) },
                          }),
                        )
                      }
                      onDelete={() => void removeStudy(st)}
                    />
                  )}
                </div>
              </li>
            ),
          )}
        </ul>
      )}

      <h2 id="proof-title">Testimonials, clients and partners</h2>
      {writer &&
        (editingItem("new") ? (
          <ProofItemForm busy={busy} onDone={(t) => void run(t)} onCancel={() => setEditing(null)} />
        ) : (
          <div className={s.actions}>
            <button type="button" className="btn" onClick={() => setEditing({ what: "item", id: "new" })}>
              Add a testimonial, client or partner
            </button>
          </div>
        ))}
      {items === null ? (
        <p>Loading the items...</p>
      ) : (
        PROOF_KINDS.map((kind) => {
          const list = items.filter((i) => i.kind === kind);
          const heading = `${kind}-title`;
          return (
            <div key={kind}>
              <h3 id={heading}>{PROOF_KIND_LABELS[kind]}s</h3>
              {list.length === 0 ? (
                <p>None yet.</p>
              ) : (
                <ul className={c.list} aria-labelledby={heading}>
                  {list.map((i) =>
                    editingItem(i.id) ? (
                      <li key={i.id}>
                        <ProofItemForm
                          initial={i}
                          busy={busy}
                          onDone={(t) => void run(t)}
                          onCancel={() => setEditing(null)}
                        />
                      </li>
                    ) : (
                      <li key={i.id} className={c.row}>
                        <h4>{itemTitle(i)}</h4>
                        <States status={i.status} example={i.example} />
                        {i.kind === "testimonial" && <p>“{i.quote}”</p>}
                        {i.kind === "client" && i.logo && (
                          <img
                            className={c.logo}
                            src={i.logo}
                            alt={`${i.name} logo`}
                            width="120"
                            height="32"
                          />
                        )}
                        {writer && (
                          <div className={s.actions}>
                            <RowActions
                              name={itemTitle(i)}
                              status={i.status}
                              busy={busy}
                              onEdit={() => setEditing({ what: "item", id: i.id })}
                              onToggle={() =>
                                void run(() =>
                                  api(updateProofItemApi, {
                                    params: { id: i.id },
                                    body: { status: toggle(i.status) },
                                  }),
                                )
                              }
                              onDelete={() => void removeItem(i)}
                              extra={
                                i.kind === "client" && (
                                  <label className={s.smallButton}>
                                    {i.logo ? "Replace logo" : "Upload logo"}
                                    <span className="visually-hidden"> for {i.name} (PNG, JPEG or WebP)</span>
                                    <input
                                      type="file"
                                      className="visually-hidden"
                                      accept="image/png,image/jpeg,image/webp"
                                      disabled={busy}
                                      onChange={(e) => void uploadLogo(i, e.target.files?.[0])}
                                    />
                                  </label>
                                )
                              }
                            />
                          </div>
                        )}
                      </li>
                    ),
                  )}
                </ul>
              )}
            </div>
          );
        })
      )}
      <Subprocessors session={session} />
      <TrustDocuments session={session} />
    </section>
  );
}
