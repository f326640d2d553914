import { useEffect, useRef } from "react";
import { MESSAGES } from "../../shared/careers/careers-common";
import s from "./careers.module.css";

interface Props {
  /** The opening applied to, named in the confirmation. */
  jobTitle: string;
  /** The address the application was sent with: the confirmation mail went there. */
  email: string;
  careersEmail?: string | undefined;
}

/**
 * What the candidate sees in place of Apply Now once an application was stored: that it arrived,
 * and what happens next (the mail, who reads it, how to see or withdraw it). It takes the focus
 * when it appears (tabIndex -1), since the button that opened the form is gone.
 */
export default function Submitted({ jobTitle, email, careersEmail }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} className={s.submitted}>
      <p className={s.submittedTitle}>
        <span aria-hidden="true">✓ </span>
        {MESSAGES.submitted}
      </p>
      <p>Thank you: your application for {jobTitle} has arrived.</p>
      <ul className={s.submittedNext}>
        <li>
          A confirmation is on its way to <strong>{email}</strong>.
        </li>
        <li>
          Our recruitment team reviews every application and contacts you if your profile matches the role.
        </li>
        <li>
          To see or withdraw your application, use <a href="/privacy/my-data">your data</a>
          {careersEmail ? (
            <>
              ; for questions, write to <a href={`mailto:${careersEmail}`}>{careersEmail}</a>.
            </>
          ) : (
            "."
          )}
        </li>
      </ul>
    </div>
  );
}
