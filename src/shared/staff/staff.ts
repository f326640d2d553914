/** Staff roles and what each may do; shared by the dashboard and the server. */
export const ROLES = ["root_admin", "admin", "reader"] as const;
export type Role = (typeof ROLES)[number];

export function isRole(v: unknown): v is Role {
  return typeof v === "string" && (ROLES as readonly string[]).includes(v);
}

/** admin and root_admin change content; reader only reads. */
export function canWrite(role: Role): boolean {
  return role === "admin" || role === "root_admin";
}

/** Only root_admin manages user accounts. */
export function canManageUsers(role: Role): boolean {
  return role === "root_admin";
}

export interface StaffSession {
  userId: number;
  email: string;
  role: Role;
}
