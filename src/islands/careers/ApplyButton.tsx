import { lazy, startTransition, Suspense, useRef, useState } from "react";
import { MESSAGES } from "../../shared/careers/careers-common";
import type { ApplyJob } from "./application-form";
import type { ConsentTexts } from "../../shared/privacy/notice";

// The form (and its phone-number library) loads only when someone wants to apply.
const loadModal = () => import("./ApplicationModal");
const ApplicationModal = lazy(loadModal);

/** An opening's own page: Apply Now opens the application form for that opening. */
export default function ApplyButton({ job, consent }: { job: ApplyJob; consent: ConsentTexts }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [announce, setAnnounce] = useState("");
  const trigger = useRef<HTMLButtonElement | null>(null);

  function close() {
    setOpen(false);
    requestAnimationFrame(() => trigger.current?.focus());
  }

  return (
    <>
      <button
        ref={trigger}
        type="button"
        className="btn"
        onPointerEnter={() => void loadModal()}
        onFocus={() => void loadModal()}
        onClick={() => {
          setAnnounce("");
          // The form renders in a transition: the tap paints at once (see Openings.tsx).
          startTransition(() => {
            setLoaded(true);
            setOpen(true);
          });
        }}
      >
        Apply Now<span className="visually-hidden"> for {job.job_title}</span>
      </button>
      <div role="status" aria-live="polite">
        {announce && <p className="alert alert--success">{announce}</p>}
      </div>
      {loaded && (
        <Suspense fallback={null}>
          <ApplicationModal
            open={open}
            job={job}
            consent={consent}
            onClose={close}
            onSubmitted={() => {
              close();
              setAnnounce(MESSAGES.submitted);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
