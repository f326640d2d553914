/**
 * Who may do what, declared once: an endpoint's contract names the permission it needs (an area
 * and read or change), and each role is granted a list of them. The server enforces it
 * (src/server/http/endpoint.ts), the dashboard's menu follows it, the OpenAPI document shows it
 * and the role-matrix tests are derived from it. A new role is a new line in GRANTS.
 */
import { roleLabel, type Role } from "./staff";

/**
 * What staff work on. `candidates` is the careers side (job posts, applications and their
 * resumes, careers questions); `blog` the posts, their comments and moderation; `site` the site's
 * own content; `documents` the trust center's documents (uploaded, published and removed by
 * admins only: what a security review downloads); `overview` the dashboard's figures (each figure
 * also needs its own area's read); `account` a member's own profile and sessions.
 */
export const AREAS = [
  "leads",
  "candidates",
  "blog",
  "site",
  "documents",
  "overview",
  "account",
  "users",
  "audit",
  "webhooks",
  "privacy",
] as const;
export type Area = (typeof AREAS)[number];
export type StaffPermission = `${Area}:${"read" | "change"}`;

/**
 * Who may call an endpoint: anyone, the person holding the self-service privacy page's cookie,
 * or a signed-in staff member whose role has the permission.
 */
export type Permission = "public" | "privacy-cookie" | StaffPermission;

const read = (...areas: Area[]): StaffPermission[] => areas.map((a) => `${a}:read` as const);
const readAndChange = (...areas: Area[]): StaffPermission[] =>
  areas.flatMap((a) => [`${a}:read`, `${a}:change`] as const);
/** Every member reads the overview (figures of their own areas) and keeps their own account. */
const EVERY_MEMBER: StaffPermission[] = ["overview:read", ...readAndChange("account")];

/** Each role's permissions. */
export const GRANTS: Readonly<Record<Role, readonly StaffPermission[]>> = {
  root_admin: readAndChange(...AREAS),
  admin: [...readAndChange("leads", "candidates", "blog", "site", "documents"), ...EVERY_MEMBER],
  sales: [...readAndChange("leads"), ...read("site"), ...EVERY_MEMBER],
  recruiter: [...readAndChange("candidates"), ...read("site"), ...EVERY_MEMBER],
  editor: [...readAndChange("blog", "site"), ...EVERY_MEMBER],
  reader: [...read("candidates", "blog", "site"), ...EVERY_MEMBER],
};

/** Areas only the owner of the site works on (their refusal says so). */
const OWNER_AREAS: readonly Area[] = ["users", "audit", "webhooks", "privacy"];

export const isStaffPermission = (p: Permission): p is StaffPermission => p.includes(":");

export function may(role: Role, permission: StaffPermission): boolean {
  return GRANTS[role].includes(permission);
}

/** The roles granted a permission, in the order of GRANTS. */
export function rolesWith(permission: StaffPermission): Role[] {
  return (Object.keys(GRANTS) as Role[]).filter((r) => may(r, permission));
}

/** Whether a member of this role may own leads (be assigned one, be mailed about it). */
export const ownsLeads = (role: Role): boolean => may(role, "leads:change");

/** The roles that may own a lead, by their labels: "Owner, Admin or Sales". */
export const LEAD_OWNER_ROLES = rolesWith("leads:change")
  .map(roleLabel)
  .join(", ")
  .replace(/, ([^,]*)$/, " or $1");

/** What a staff member refused a permission is told. */
export function refusal(role: Role, permission: StaffPermission): string {
  const area = permission.slice(0, permission.indexOf(":")) as Area;
  if (OWNER_AREAS.includes(area)) return "Only a root admin can manage user accounts.";
  if (area === "documents") return "Only an admin can upload, publish or remove trust center documents.";
  if (permission.endsWith(":change") && may(role, `${area}:read`))
    return "Your role can view this but not change it.";
  return "Your role does not give access to this.";
}
