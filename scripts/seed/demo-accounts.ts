/** The local demo accounts, one per role, stated in README.md (an empty embedded database only). */
import type { Role } from "../../src/shared/staff/staff";

/** The Owner (root_admin). */
export const LOCAL_DEMO_ADMIN = { email: "admin@example.com", password: "demo-admin-password-2025" };

/** Local demo accounts of the other roles, one each, to try the dashboard as each (README.md). */
export const LOCAL_DEMO_STAFF = [
  { email: "manager@example.com", password: "demo-manager-password-2025", role: "admin" },
  { email: "sales-rep@example.com", password: "demo-sales-password-2025", role: "sales" },
  { email: "recruiter@example.com", password: "demo-recruiter-password-2025", role: "recruiter" },
  { email: "editor@example.com", password: "demo-editor-password-2025", role: "editor" },
  { email: "viewer@example.com", password: "demo-viewer-password-2025", role: "reader" },
] as const satisfies readonly { email: string; password: string; role: Exclude<Role, "root_admin"> }[];
