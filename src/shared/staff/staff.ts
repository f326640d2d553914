/** Staff roles, their labels, and the signed-in member; shared by the dashboard and the server. */
export const ROLES = ["root_admin", "admin", "sales", "recruiter", "editor", "reader"] as const;
export type Role = (typeof ROLES)[number];

/** What every screen shows of a role (its code is for the API and the database only). */
export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  root_admin: "Owner",
  admin: "Admin",
  sales: "Sales",
  recruiter: "Recruiter",
  editor: "Editor",
  reader: "Read only",
};

/** One line per role, for the Users screen's choice. */
export const ROLE_DUTIES: Readonly<Record<Role, string>> = {
  root_admin: "Everything, including user accounts, webhooks, privacy erasure and the audit trail",
  admin: "Everything but user accounts, webhooks, privacy and the audit trail",
  sales: "Leads and their files, lead owners and assignment rules, the sales figures",
  recruiter: "Job posts, candidates and their resumes, careers questions",
  editor: "Blog posts, comments and their moderation, site content",
  reader: "Reads posts, job posts, careers questions and candidates; changes nothing",
};

/** Where the dashboard shows a staff member who has not chosen a profile image. */
export const DEFAULT_PROFILE_IMAGE = "/images/default-avatar.svg";

export const roleLabel = (role: Role): string => ROLE_LABELS[role];

export function isRole(v: unknown): v is Role {
  return typeof v === "string" && (ROLES as readonly string[]).includes(v);
}

export interface StaffSession {
  userId: number;
  email: string;
  role: Role;
}
