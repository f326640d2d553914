/**
 * What a dashboard screen declares: in its folder's meta.ts, its address and menu entry (the page
 * src/pages/dashboard/[...path].astro reads every meta.ts for its paths, without the screens'
 * code); in its index.ts, those and its component.
 */
import type { ComponentType } from "react";
import type { StaffPermission } from "../../../shared/staff/permissions";
import type { StaffSession } from "../../../shared/staff/staff";

export interface ScreenMeta {
  /** Its path under /dashboard, as SPEC names it ("" for the overview, /dashboard itself). */
  path: string;
  /** The menu's label. */
  label: string;
  /** The menu icon: the `d` of a 24×24 SVG path. */
  icon: string;
  /**
   * The permission the screen needs (src/shared/staff/permissions.ts): the menu lists it only for
   * roles that have it, and the others get the dashboard's "no access" view at its address.
   */
  needs: StaffPermission;
}

export interface DashboardScreen extends ScreenMeta {
  /** Fetches the screen's code (a chunk of its own); the app starts it as soon as it runs. */
  load: () => Promise<unknown>;
  /** React.lazy over `load` in each index.ts: the screen's code is fetched when it is opened. */
  Component: ComponentType<{ session: StaffSession }>;
}
