/**
 * The banner's Pause control. With JavaScript it is a toggle button (aria-pressed) and a pause
 * lasts for the visit (sessionStorage); this script, run inline right after the two controls and
 * before they paint, replaces the checkbox that stays for browsers without JavaScript.
 *
 * Its hash is handed to the CSP by the layout (src/layouts/Base.astro), before the page's head is
 * written: a component in the body renders too late to add one.
 */
import { createHash } from "node:crypto";

// Written small by hand: it travels in every public page's HTML.
export const PAUSE_CODE =
  '(()=>{const b=document.currentScript.previousElementSibling,k="banner-paused",' +
  's=o=>{b.setAttribute("aria-pressed",o);try{o?sessionStorage.setItem(k,1):sessionStorage.removeItem(k)}catch{}};' +
  'let p=!1;try{p=sessionStorage.getItem(k)=="1"}catch{}' +
  's(p);b.previousElementSibling.remove();b.hidden=!1;b.onclick=()=>s(b.getAttribute("aria-pressed")!="true")})()';

export const PAUSE_HASH =
  `sha256-${createHash("sha256").update(PAUSE_CODE, "utf8").digest("base64")}` as const;
