import { lazy, startTransition, Suspense, useRef, useState } from "react";
import type { ApplyJob } from "./application-form";
import type { ConsentTexts } from "../../shared/privacy/notice";
import Submitted from "./Submitted";

// The form (and its phone-number library) loads only when someone wants to apply.
const loadModal = () => import("./ApplicationModal");
const ApplicationModal = lazy(loadModal);

interface Props {
  job: ApplyJob;
  consent: ConsentTexts;
  careersEmail?: string | undefined;
}

/**
 * An opening's own page: Apply Now opens the application form for that opening; once it is sent,
 * the button gives way to the confirmation, which says what happens next.
 */
export default function ApplyButton({ job, consent, careersEmail }: Props) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  /** The address of the application just sent. */
  const [sentWith, setSentWith] = useState<string | null>(null);
  const trigger = useRef<HTMLButtonElement | null>(null);

  function close() {
    setOpen(false);
    requestAnimationFrame(() => trigger.current?.focus());
  }

  return (
    <>
      {sentWith === null && (
        <button
          ref={trigger}
          type="button"
          className="btn"
          onPointerEnter={() => void loadModal()}
          onFocus={() => void loadModal()}
          onClick={() => {
            // The form renders in a transition: the tap paints at once (see Openings.tsx).
            startTransition(() => {
              setLoaded(true);
              setOpen(true);
            });
          }}
        >
          Apply Now<span className="visually-hidden"> for {job.job_title}</span>
        </button>
      )}
      {/* In the page before anything is said, so screen readers announce the confirmation. */}
      <div role="status" aria-live="polite">
        {sentWith !== null && (
          <Submitted jobTitle={job.job_title} email={sentWith} careersEmail={careersEmail} />
        )}
      </div>
      {loaded && (
        <Suspense fallback={null}>
          <ApplicationModal
            open={open}
            job={job}
            consent={consent}
            onClose={close}
            onSubmitted={(email) => {
              setOpen(false);
              // The button that opened the form gives way to the confirmation, which takes the focus.
              setSentWith(email);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
