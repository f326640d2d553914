/** The fields of a contact inquiry as stored, shared by the contact service and the leads inbox. */
export interface InquiryFields {
  id: number;
  fullName: string;
  email: string;
  orgName: string;
  jobTitle: string;
  industry: string;
  companySize: string;
  mobile: string;
  budget: string;
  projectType: string;
  deadline: string | null;
  projectDetails: string;
  sourcePage: string | null;
  utm: Record<string, string>;
  /** The ticked news-mail box: the privacy notice's version and the time; both null when not given. */
  marketingConsentVersion: string | null;
  marketingConsentAt: string | null;
}

/** A contact inquiry as the staff leads inbox receives it (shared by the server and the island). */
export interface Lead extends InquiryFields {
  file: { name: string; type: string | null; size: number | null } | null;
  /** The pipeline stage (src/shared/contact/pipeline.ts); handled means "past New". */
  stage: string;
  stageChangedAt: string | null;
  owner: { id: number; email: string } | null;
  /** The latest note of its timeline. */
  lastNote: { body: string; by: string; at: string } | null;
  handled: boolean;
  handledAt: string | null;
  handledBy: string | null;
  createdAt: string;
  /** The sales notification: failed attempts since it last went out, and the next automatic try. */
  notification: {
    sent: boolean;
    failures: number;
    lastAttemptAt: string | null;
    /** Null once automatic attempts have stopped (staff can still send again). */
    nextAttemptAt: string | null;
  };
}
