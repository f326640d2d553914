/**
 * Who may do what, declared once: an endpoint's contract names the permission it needs (an area
 * and read or change), and each role is granted a list of them. The server enforces it
 * (src/server/http/endpoint.ts), the OpenAPI document shows it and the role-matrix tests are
 * derived from it. A new role is a new line in GRANTS.
 */
import type { Role } from "./staff";

/** What staff work on. `account` is a member's own profile and sessions. */
export const AREAS = [
  "leads",
  "candidates",
  "content",
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

const readAndChange = (...areas: Area[]): StaffPermission[] =>
  areas.flatMap((a) => [`${a}:read`, `${a}:change`] as const);

/** Each role's permissions. */
export const GRANTS: Readonly<Record<Role, readonly StaffPermission[]>> = {
  reader: ["leads:read", "candidates:read", "content:read", "overview:read", ...readAndChange("account")],
  admin: readAndChange("leads", "candidates", "content", "overview", "account"),
  root_admin: readAndChange(...AREAS),
};

/** Areas only the owner of the site works on (their refusal says so). */
const ROOT_AREAS: readonly Area[] = ["users", "audit", "webhooks", "privacy"];

export const isStaffPermission = (p: Permission): p is StaffPermission => p.includes(":");

export function may(role: Role, permission: StaffPermission): boolean {
  return GRANTS[role].includes(permission);
}

/** The roles granted a permission, in the order of GRANTS. */
export function rolesWith(permission: StaffPermission): Role[] {
  return (Object.keys(GRANTS) as Role[]).filter((r) => may(r, permission));
}

/** What a staff member refused a permission is told. */
export function refusal(permission: StaffPermission): string {
  const area = permission.slice(0, permission.indexOf(":")) as Area;
  return ROOT_AREAS.includes(area)
    ? "Only a root admin can manage user accounts."
    : "Your role can view this but not change it.";
}
