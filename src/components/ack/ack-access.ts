/**
 * The thank-you page's access check, run inline where the page's markup ends: it asks the server
 * whether this browser just sent an inquiry and, if so, writes the sender's name into the greeting
 * and shows it; otherwise it goes home. Inline and free of React, so the greeting paints one round
 * trip after the page (the slot list, an island, loads after it).
 *
 * Why Navigation Timing and a server-side grace period: while the page is being hidden, nothing
 * tells a reload from leaving (pagehide and visibilitychange fire for both, and the Navigation
 * API's navigate event does not fire for the browser's own reload button). So the page always
 * revokes on pagehide (a beacon outlives the page; keepalive fetch where beacons are missing), and
 * the server keeps a revoked grant usable for a few seconds by a page that asks with resume=1.
 * Only a page whose own load was a reload (its PerformanceNavigationTiming type says so, reliably,
 * after the fact) asks that way; a later visit by link, by typing the address or by Back finds the
 * access gone. A page that comes back from the back/forward cache checks again.
 *
 * Its hash is handed to the CSP by the page (src/pages/ack.astro).
 */
import { createHash } from "node:crypto";
import { checkAckAccessApi as CHECK, revokeAckAccessApi as REVOKE } from "../../shared/contact/api";

// A beacon is always a POST.
if (REVOKE.method !== "POST") throw new Error(`${REVOKE.path} must be a POST for the page's beacon`);

/** The markup it works on: the box's first child is the "Loading..." status, its second the greeting. */
export const ACK_NAME_ATTR = "data-ack-name";

// Written small by hand: it travels in the page's HTML.
export const ACK_ACCESS_CODE =
  `(()=>{const b=document.currentScript.previousElementSibling,[l,d]=b.children,n=d.querySelector("[${ACK_NAME_ATTR}]"),` +
  `home=()=>location.replace("/"),` +
  `check=r=>fetch(${JSON.stringify(CHECK.path)}+(r?"?resume=1":""),{cache:"no-store",credentials:"same-origin"})` +
  `.then(x=>x.ok?x.json():{}).then(a=>{if(a.access===!0&&typeof a.name=="string"){n.textContent=a.name;l.hidden=!0;d.hidden=!1}else home()},home),` +
  `t=performance.getEntriesByType("navigation")[0];check(t&&t.type=="reload");` +
  `addEventListener("pagehide",()=>{navigator.sendBeacon&&navigator.sendBeacon(${JSON.stringify(REVOKE.path)})||` +
  `fetch(${JSON.stringify(REVOKE.path)},{method:"POST",keepalive:!0,credentials:"same-origin"}).catch(()=>{})});` +
  `addEventListener("pageshow",e=>{if(e.persisted){l.hidden=!1;d.hidden=!0;check(!1)}})})()`;

export const ACK_ACCESS_HASH =
  `sha256-${createHash("sha256").update(ACK_ACCESS_CODE, "utf8").digest("base64")}` as const;
