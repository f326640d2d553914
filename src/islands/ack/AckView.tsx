/**
 * The thank-you page: asks the server whether this browser just sent an inquiry, greets the sender
 * by name, and gives the access back when the page is left.
 */
import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import type { checkAckAccessApi, revokeAckAccessApi } from "../../shared/contact/api";
import type { SlotRoutes } from "./SlotPicker";
import type { Route } from "../../shared/api/route";
import { beacon, send } from "../lib/api-client";
import s from "./AckView.module.css";
import picker from "./SlotPicker.module.css";

/** The endpoints, handed by the page (src/pages/ack.astro), so that no schema loads with the page. */
export interface AckRoutes {
  check: Route<typeof checkAckAccessApi>;
  revoke: Route<typeof revokeAckAccessApi>;
  /** The call booking's endpoints (SlotPicker, loaded after the page). */
  booking: SlotRoutes;
}

/** The slot list loads after the greeting: its module is fetched once access is granted. */
const SlotPicker = lazy(() => import("./SlotPicker"));

type State = { status: "loading" } | { status: "granted"; name: string };

async function checkAccess(route: AckRoutes["check"], resume: boolean): Promise<string | undefined> {
  const res = await send(route, { query: resume ? { resume: 1 } : {}, cache: "no-store" });
  if (!res.ok) return undefined;
  const body = res.data as { access?: unknown; name?: unknown };
  return body.access === true && typeof body.name === "string" ? body.name : undefined;
}

export default function AckView({ children, routes }: { children?: ReactNode; routes: AckRoutes }) {
  const [state, setState] = useState<State>({ status: "loading" });

  useEffect(() => {
    let active = true;
    const check = (resume: boolean) =>
      checkAccess(routes.check, resume)
        .then((name) => {
          if (!active) return;
          if (name) setState({ status: "granted", name });
          else window.location.replace("/");
        })
        .catch(() => active && window.location.replace("/"));

    // Why Navigation Timing and a server-side grace period: while the page is being hidden,
    // nothing tells a reload from leaving (pagehide/visibilitychange fire for both, and the
    // Navigation API's navigate event does not fire for the browser's own reload button). So the
    // page always revokes on pagehide, and the server keeps a revoked grant usable for a few
    // seconds by a page that asks with resume=1. Only a page whose own load was a reload (its
    // PerformanceNavigationTiming type says so, reliably, after the fact) asks that way; a later
    // visit by link, by typing the address or by Back finds the access gone.
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
    void check(nav?.type === "reload");

    // A beacon outlives the page; keepalive fetch is the fallback where beacons are unavailable.
    const onHide = () => beacon(routes.revoke);
    // Back/forward cache: the page comes back without loading; its access was revoked on leaving.
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) {
        setState({ status: "loading" });
        void check(false);
      }
    };
    window.addEventListener("pagehide", onHide);
    window.addEventListener("pageshow", onShow);
    return () => {
      active = false;
      window.removeEventListener("pagehide", onHide);
      window.removeEventListener("pageshow", onShow);
    };
  }, []);

  if (state.status === "loading")
    return (
      <p className={s.loading} role="status">
        Loading...
      </p>
    );
  return (
    <div className={s.done}>
      <svg className={s.icon} viewBox="0 0 24 24" width="56" height="56" aria-hidden="true">
        <circle cx="12" cy="12" r="11" fill="currentColor" />
        <path fill="#fff" d="m10.2 16.2-4-4 1.4-1.4 2.6 2.6 6.2-6.2 1.4 1.4-7.6 7.6Z" />
      </svg>
      <h1>Thank You, {state.name}!</h1>
      <p className="lead">
        We have received your details. Our team will review your project and reach out to you within 24 hours
        with a proposal.
      </p>
      {/* The picker's own box, at its height, until its code arrives: nothing below it moves. */}
      <Suspense
        fallback={
          <div className={picker.picker}>
            <p role="status">Loading the open times for a call...</p>
          </div>
        }
      >
        <SlotPicker routes={routes.booking} />
      </Suspense>
      <p className={s.follow}>Meanwhile, follow us:</p>
      {children}
      <a className="btn" href="/">
        Home
      </a>
    </div>
  );
}
