/** The fields of a contact inquiry as stored, shared by the contact service and the leads inbox. */
import type { LeadKind } from "../trust/trust";

export interface InquiryFields {
  id: number;
  /** A contact inquiry, or a security review's request for documents (the contact form's fields empty). */
  kind: LeadKind;
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
