/** A contact inquiry as the staff leads inbox receives it (shared by the server and the island). */
export interface StaffInquiry {
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
  file: { name: string; type: string | null; size: number | null } | null;
  sourcePage: string | null;
  utm: Record<string, string>;
  handled: boolean;
  handledAt: string | null;
  handledBy: string | null;
  createdAt: string;
}
