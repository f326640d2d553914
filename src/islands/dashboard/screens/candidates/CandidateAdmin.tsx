import { useRef, useState, type KeyboardEvent } from "react";
import { may } from "../../../../shared/staff/permissions";
import type { StaffSession } from "../../../../shared/staff/staff";
import { Notice, useNotice } from "../../admin-ui";
import s from "../../admin.module.css";
import Candidates from "./Candidates";
import FaqAnswers from "./FaqAnswers";
import JobPosts from "./JobPosts";

const TABS = [
  { key: "faq", label: "Comments" },
  { key: "jobs", label: "Job Posts" },
  { key: "candidates", label: "Candidates" },
] as const;
type Tab = (typeof TABS)[number]["key"];

function initialTab(): Tab {
  const h = window.location.hash.replace("#", "");
  return TABS.some((t) => t.key === h) ? (h as Tab) : "candidates";
}

/**
 * Dashboard screen 'Candidates': tabs Comments (FAQ answers), Job Posts and Candidates (WAI-ARIA
 * tabs). It opens on Candidates, the applications the screen is named for.
 */
export default function CandidateAdmin({ session }: { session: StaffSession }) {
  const writer = may(session.role, "candidates:change");
  const [tab, setTab] = useState<Tab>(initialTab);
  const notices = useNotice();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});

  function select(t: Tab, focus = false) {
    setTab(t);
    notices.clear();
    history.replaceState(null, "", `#${t}`);
    if (focus) refs.current[t]?.focus();
  }

  function onKey(e: KeyboardEvent, i: number) {
    const last = TABS.length - 1;
    const to =
      e.key === "ArrowRight"
        ? i === last
          ? 0
          : i + 1
        : e.key === "ArrowLeft"
          ? i === 0
            ? last
            : i - 1
          : e.key === "Home"
            ? 0
            : e.key === "End"
              ? last
              : -1;
    if (to < 0) return;
    e.preventDefault();
    select(TABS[to]!.key, true);
  }

  return (
    <section className={s.screen} aria-labelledby="candidate-admin-title">
      <h1 id="candidate-admin-title">Candidate management</h1>
      <div role="tablist" aria-label="Candidate management" className={s.tabs}>
        {TABS.map((t, i) => (
          <button
            key={t.key}
            ref={(el) => {
              refs.current[t.key] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${t.key}`}
            aria-selected={tab === t.key}
            // Only the selected tab's panel is in the page: the others control nothing yet.
            aria-controls={tab === t.key ? `panel-${t.key}` : undefined}
            tabIndex={tab === t.key ? 0 : -1}
            className={s.tab}
            onClick={() => select(t.key)}
            onKeyDown={(e) => onKey(e, i)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <Notice notice={notices.notice} />
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === "faq" && <FaqAnswers writer={writer} notices={notices} />}
        {tab === "jobs" && <JobPosts writer={writer} notices={notices} />}
        {tab === "candidates" && <Candidates writer={writer} notices={notices} />}
      </div>
    </section>
  );
}
