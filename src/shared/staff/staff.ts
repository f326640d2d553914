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

/** One signed-in device of a staff member, as Profile Settings lists it (the owner's own only). */
export interface SessionInfo {
  /** The session's handle (not its secret id). */
  id: string;
  /** The browser and system, from its User-Agent. */
  device: string;
  /** The client address it signed in from; shown to its owner only. */
  address: string | null;
  created_at: string;
  last_seen_at: string;
  current: boolean;
}
