import { lazy, startTransition, Suspense, useRef, useState } from "react";
import { jobMatches } from "../../shared/careers/careers-common";
import { type PublicJob } from "../../shared/careers/api";
import { jobPath } from "../../shared/careers/job-posting";
import type { ApplyJob } from "./application-form";
import type { ConsentTexts } from "../../shared/privacy/notice";
import { TextField } from "../ui/TextField";
import JobFacts from "./JobFacts";
import Submitted from "./Submitted";
import s from "./careers.module.css";

// The form (and its phone-number library) loads only when someone wants to apply.
const loadModal = () => import("./ApplicationModal");
const ApplicationModal = lazy(loadModal);

interface Props {
  jobs: PublicJob[];
  careersEmail: string;
  /** The application's consent sentences (src/shared/privacy/notice.ts), with this site's lifetimes. */
  consent: ConsentTexts;
}

/**
 * Current Openings. The server renders every opening (so they are crawlable); once hydrated,
 * the search box hides those whose title, description and skills do not contain the term, and Apply
 * Now opens the application form.
 */
export default function Openings({ jobs, careersEmail, consent }: Props) {
  const [term, setTerm] = useState("");
  const [applyFor, setApplyFor] = useState<ApplyJob | null>(null);
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  /** The openings applied to in this visit, with the address used: each card confirms in place of its button. */
  const [applied, setApplied] = useState<Record<number, string>>({});
  const trigger = useRef<HTMLButtonElement | null>(null);

  const shown = jobs.filter((j) => jobMatches(j, term));
  const searching = term.trim() !== "";

  function openFor(job: PublicJob, button: HTMLButtonElement) {
    trigger.current = button;
    // A transition: the tap paints at once, and React renders the form (a long one, with the
    // phone field's country list) in slices that let the page answer meanwhile (INP).
    startTransition(() => {
      setApplyFor({ id: job.id, job_title: job.job_title });
      setLoaded(true);
      setOpen(true);
    });
  }

  function close() {
    setOpen(false);
    // Back to the button that opened the form.
    requestAnimationFrame(() => trigger.current?.focus());
  }

  if (jobs.length === 0)
    return (
      <p className={s.empty}>
        There are no openings right now. You are welcome to send your resume to{" "}
        <a href={`mailto:${careersEmail}`}>{careersEmail}</a>.
      </p>
    );

  return (
    <div>
      <TextField
        id="openings-search"
        label="Search openings"
        fieldClass={s.search}
        type="search"
        value={term}
        placeholder="Job title or keyword, e.g. Kubernetes"
        autoComplete="off"
        aria-controls="openings-list"
        onChange={setTerm}
      />
      <p role="status" className={s.count}>
        {searching
          ? shown.length === 0
            ? `No openings match "${term.trim()}".`
            : `${shown.length} of ${jobs.length} openings match "${term.trim()}".`
          : `${jobs.length} open ${jobs.length === 1 ? "position" : "positions"}.`}
      </p>
      <ul id="openings-list" className={s.jobs}>
        {jobs.map((job) => {
          return (
            <li key={job.id} id={`job-${job.id}`} className={`card ${s.job}`} hidden={!shown.includes(job)}>
              <h3 className={s.jobTitle}>
                <a href={jobPath(job)}>{job.job_title}</a>
              </h3>
              <JobFacts job={job} className={s.facts} skillsClass={s.skillList} />
              <p className={s.description}>{job.description}</p>
              {applied[job.id] === undefined && (
                <button
                  type="button"
                  className="btn"
                  onPointerEnter={() => void loadModal()}
                  onFocus={() => void loadModal()}
                  onClick={(e) => openFor(job, e.currentTarget)}
                >
                  Apply Now<span className="visually-hidden"> for {job.job_title}</span>
                </button>
              )}
              {/* In every card before anything is said, so screen readers announce the change. */}
              <div role="status" aria-live="polite" className={s.applied}>
                {applied[job.id] !== undefined && (
                  <Submitted jobTitle={job.job_title} email={applied[job.id]!} careersEmail={careersEmail} />
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {loaded && (
        <Suspense fallback={null}>
          <ApplicationModal
            open={open}
            job={applyFor}
            consent={consent}
            onClose={close}
            onSubmitted={(email) => {
              setOpen(false);
              // The button that opened the form gives way to its card's confirmation, which takes the focus.
              if (applyFor) setApplied((a) => ({ ...a, [applyFor.id]: email }));
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
