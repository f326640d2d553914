/**
 * What a dashboard screen declares: in its folder's meta.ts, its address and menu entry (the page
 * src/pages/dashboard/[...path].astro reads every meta.ts for its paths, without the screens'
 * code); in its index.ts, those and its component.
 */
import { lazy, type ComponentType } from "react";
import type { StaffPermission } from "../../../shared/staff/permissions";
import type { StaffSession } from "../../../shared/staff/staff";
import type { Route } from "../../../shared/api/route";

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
  /**
   * The GET (without params or query) whose answer the screen shows first: the page asks for it
   * while the code loads, and the screen asks for the same address (as soon as its code runs,
   * earlyCall in ../api.ts, or when it mounts), which the browser answers from that request.
   */
  firstCall?: Route;
}

type ScreenComponent = ComponentType<{ session: StaffSession }>;

export interface DashboardScreen extends ScreenMeta {
  /** Fetches the screen's code (a chunk of its own); the app starts it as soon as it runs. */
  load: () => Promise<unknown>;
  /** React.lazy over `load`: the screen's code is fetched when it is opened. */
  Component: ScreenComponent;
  /**
   * The component itself once its code is in: the shell renders it straight away rather than
   * through React.lazy, which would show "Loading..." for one render even for code already here.
   */
  loaded?: ScreenComponent;
}

/** A screen whose code is fetched by `load` (an `import()` of its component's module). */
export function lazyScreen(
  meta: ScreenMeta,
  load: () => Promise<{ default: ScreenComponent }>,
): DashboardScreen {
  const screen: DashboardScreen = {
    ...meta,
    load: () =>
      load().then((m) => {
        screen.loaded = m.default;
        return m;
      }),
    Component: lazy(() => screen.load() as ReturnType<typeof load>),
  };
  return screen;
}
