/**
 * The dashboard's screens, in menu order. A screen is a folder here whose index.ts declares it
 * (path, label, icon, who sees it, component) and one entry in this list.
 */
import { assignment } from "./assignment";
import { availability } from "./availability";
import { audit } from "./audit";
import { blog } from "./blog";
import { candidates } from "./candidates";
import { leads } from "./leads";
import { overview } from "./overview";
import { privacy } from "./privacy";
import type { DashboardScreen } from "./screen";
import { site } from "./site";
import { users } from "./users";
import { webhooks } from "./webhooks";

export const SCREENS: readonly DashboardScreen[] = [
  overview,
  blog,
  site,
  candidates,
  leads,
  assignment,
  availability,
  users,
  audit,
  privacy,
  webhooks,
];

/**
 * The screen at a /dashboard address: the overview for /dashboard itself, undefined for an
 * address that names no screen (the shell shows its "not found" view).
 */
export function screenAt(pathname: string): DashboardScreen | undefined {
  const rest = pathname.replace(/^\/dashboard\/?/, "").replace(/\/+$/, "");
  if (rest === "") return overview;
  return SCREENS.find((s) => s.path !== "" && s.path === rest);
}

export const screenHref = (s: DashboardScreen) => (s.path ? `/dashboard/${s.path}` : "/dashboard");
