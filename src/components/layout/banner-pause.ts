/**
 * The banner's Pause control. With JavaScript it is a toggle button (aria-pressed) and a pause
 * lasts for the visit (sessionStorage); this script, run inline right after the two controls and
 * before they paint, replaces the checkbox that stays for browsers without JavaScript.
 *
 * Its hash is handed to the CSP by the layout (src/layouts/Base.astro), before the page's head is
 * written: a component in the body renders too late to add one.
 */
import { createHash } from "node:crypto";

export const PAUSE_CODE = `(() => {
  const b = document.currentScript.previousElementSibling;
  const key = "banner-paused";
  const set = (on) => {
    b.setAttribute("aria-pressed", String(on));
    try { on ? sessionStorage.setItem(key, "1") : sessionStorage.removeItem(key); } catch {}
  };
  let paused = false;
  try { paused = sessionStorage.getItem(key) === "1"; } catch {}
  set(paused);
  b.previousElementSibling.remove();
  b.hidden = false;
  b.addEventListener("click", () => set(b.getAttribute("aria-pressed") !== "true"));
})();`;

export const PAUSE_HASH = `sha256-${createHash("sha256").update(PAUSE_CODE, "utf8").digest("base64")}`;
