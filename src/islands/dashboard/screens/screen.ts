/**
 * What a dashboard screen declares: in its folder's meta.ts, its address and menu entry (the page
 * src/pages/dashboard/[...path].astro reads every meta.ts for its paths, without the screens'
 * code); in its index.ts, those and its component.
 */
import type { ComponentType } from "react";
import type { StaffSession } from "../../../shared/staff/staff";

export interface ScreenMeta {
  /** Its path under /dashboard, as SPEC names it ("" for the overview, /dashboard itself). */
  path: string;
  /** The menu's label. */
  label: string;
  /** The menu icon: the `d` of a 24×24 SVG path. */
  icon: string;
  /** Only root_admin sees it in the menu (the server refuses the others' calls anyway). */
  rootOnly?: boolean;
  /** Only staff who change content (admin, root_admin) see it in the menu. */
  writersOnly?: boolean;
}

export interface DashboardScreen extends ScreenMeta {
  Component: ComponentType<{ session: StaffSession }>;
}
