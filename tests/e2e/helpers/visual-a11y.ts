/**
 * WCAG 2.2 AA checks that axe does not make: the focus ring's contrast with what is behind it
 * (1.4.11 non-text contrast, for 2.4.7 focus visible) and the size of pointer targets (2.5.8).
 * The browser measures (computed styles, boxes); the arithmetic is WCAG's own.
 */
import type { Page } from "@playwright/test";

export type Rgb = [number, number, number];

/** WCAG relative luminance of an sRGB colour (0-255 channels). */
export function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG contrast ratio of two colours, 1 to 21. */
export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** What the focused element shows: its outline, and the colours behind the outline. */
export interface FocusSample {
  /** A short name of the element for messages: tag, id or class, text. */
  what: string;
  outlineStyle: string;
  outlineWidth: number;
  outline: Rgb | null;
  /** The colours behind the ring (a gradient gives several; an image gives none and is named). */
  behind: Rgb[];
  image: boolean;
  /** Focused before in this page (the Tab key has gone round). */
  again: boolean;
}

/**
 * In the page: the focused element's ring and what lies behind it, at the four sides of the ring.
 * Self-contained (it is sent to the page as its source).
 */
function sampleFocus(): FocusSample | null {
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body || el === document.documentElement) return null;
  const again = el.hasAttribute("data-tab-seen");
  el.setAttribute("data-tab-seen", "");
  const parse = (s: string): [number, number, number, number] | null => {
    const m = /rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)/.exec(s);
    if (!m) return null;
    const a = m[4] === undefined ? 1 : m[4].endsWith("%") ? parseFloat(m[4]) / 100 : parseFloat(m[4]);
    return [Number(m[1]), Number(m[2]), Number(m[3]), a];
  };
  const allColours = (s: string) =>
    [...s.matchAll(/rgba?\([^)]*\)/g)].map((m) => parse(m[0])).filter((c) => c !== null);
  const blend = (top: number[], under: number[]): [number, number, number] => [
    top[0]! * top[3]! + under[0]! * (1 - top[3]!),
    top[1]! * top[3]! + under[1]! * (1 - top[3]!),
    top[2]! * top[3]! + under[2]! * (1 - top[3]!),
  ];
  /**
   * The colours painted at `start`: its background colour over what is below it (blended down to
   * the first opaque one), and each stop of a gradient over that. Every stop counts (the ring may
   * meet any of them). A picture cannot be measured: `image`.
   */
  const backgroundOf = (start: Element | null): { colours: [number, number, number][]; image: boolean } => {
    for (let n: Element | null = start; n; n = n.parentElement) {
      const cs = getComputedStyle(n);
      if (cs.backgroundImage.includes("url(")) return { colours: [], image: true };
      const own = parse(cs.backgroundColor);
      const hasOwn = !!own && own[3] > 0;
      const stops = cs.backgroundImage.includes("gradient") ? allColours(cs.backgroundImage) : [];
      if (!hasOwn && stops.length === 0) continue;
      let under: [number, number, number][] = [[255, 255, 255]];
      let image = false;
      if (!hasOwn || own[3] < 1) {
        const below = backgroundOf(n.parentElement);
        if (below.colours.length > 0) under = below.colours;
        image = below.image;
      }
      const base = hasOwn ? under.map((u) => blend(own, u)) : under;
      const colours = stops.length > 0 ? stops.flatMap((s) => base.map((b) => blend(s, b))) : base;
      return { colours, image };
    }
    return { colours: [[255, 255, 255]], image: false };
  };
  // The ring is the element's own, or a wrapper's that draws it for the control inside
  // (:focus-within, e.g. the phone number's country select and field drawn as one box).
  let ringEl: HTMLElement = el;
  for (let n: HTMLElement | null = el, up = 0; n && up <= 3; n = n.parentElement, up++) {
    if (getComputedStyle(n).outlineStyle !== "none") {
      ringEl = n;
      break;
    }
  }
  const cs = getComputedStyle(ringEl);
  const width = parseFloat(cs.outlineWidth) || 0;
  const offset = parseFloat(cs.outlineOffset) || 0;
  // In view to be measured (focus scrolls smoothly, and may still be on its way).
  let r = ringEl.getBoundingClientRect();
  if (r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth) {
    ringEl.scrollIntoView({ block: "center", inline: "nearest", behavior: "instant" });
    r = ringEl.getBoundingClientRect();
  }
  const behind: [number, number, number][] = [];
  let image = false;
  if (offset < 0 && -offset >= width) {
    // The ring is drawn inside the element: its own background is behind it.
    const b = backgroundOf(ringEl);
    behind.push(...b.colours);
    image ||= b.image;
  } else {
    // Outside: sample what is painted just beyond each side, under the middle of the ring.
    const d = offset + width / 2;
    const points: [number, number][] = [
      [r.left + r.width / 2, r.top - d],
      [r.left + r.width / 2, r.bottom + d],
      [r.left - d, r.top + r.height / 2],
      [r.right + d, r.top + r.height / 2],
    ];
    for (const [x, y] of points) {
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
      const under = document.elementsFromPoint(x, y).find((n) => n !== ringEl && !ringEl.contains(n));
      if (!under) continue;
      // A sticky or fixed box (the header) over this side hides the ring there: nothing to measure.
      let cover: Element | null = under;
      while (cover && !["sticky", "fixed"].includes(getComputedStyle(cover).position))
        cover = cover.parentElement;
      if (cover && !cover.contains(ringEl)) continue;
      const b = backgroundOf(under);
      behind.push(...b.colours);
      image ||= b.image;
    }
  }
  const text = (el.getAttribute("aria-label") ?? el.textContent ?? "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 40);
  const what = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : el.className && typeof el.className === "string" ? `.${el.className.split(/\s+/)[0]}` : ""} "${text}"`;
  const outline = parse(cs.outlineColor);
  return {
    what,
    outlineStyle: cs.outlineStyle,
    outlineWidth: width,
    outline: outline ? ([outline[0], outline[1], outline[2]] as [number, number, number]) : null,
    behind,
    image,
    again,
  };
}

/**
 * Presses Tab as a keyboard user does, from the top of the page, until focus has gone round, and
 * answers what each focused element showed (in order, each element once). The page samples each
 * element as it takes focus (`focusin`, before anything else hears of it), so the key presses are
 * sent in batches through the DevTools protocol, in order, with one read of the samples after each
 * batch instead of a round trip to the page after every key.
 */
export async function tabThrough(page: Page, maxTabs: number): Promise<FocusSample[]> {
  await page.evaluate(
    `(() => { const sample = ${sampleFocus.toString()}; window.__focusSamples = []; addEventListener("focusin", () => window.__focusSamples.push(sample()), true); })()`,
  );
  const cdp = await page.context().newCDPSession(page);
  const tab = { key: "Tab", code: "Tab", windowsVirtualKeyCode: 9, nativeVirtualKeyCode: 9 };
  const BATCH = 10;
  try {
    for (let pressed = 0; pressed < maxTabs; pressed += BATCH) {
      await Promise.all(
        Array.from({ length: BATCH }, () => [
          cdp.send("Input.dispatchKeyEvent", { type: "rawKeyDown", ...tab }),
          cdp.send("Input.dispatchKeyEvent", { type: "keyUp", ...tab }),
        ]).flat(),
      );
      const samples = await page.evaluate(
        () => (window as unknown as { __focusSamples: (FocusSample | null)[] }).__focusSamples,
      );
      // Past the last control focus leaves the page, and the next key brings it to the first again.
      const round = samples.findIndex((f) => !f || f.again);
      if (round >= 0) return samples.slice(0, round) as FocusSample[];
    }
    throw new Error(`focus did not go round in ${maxTabs} presses of Tab`);
  } finally {
    await cdp.detach();
  }
}

/** A pointer target smaller than 24 by 24 CSS px that is neither inline in text nor spaced enough. */
export interface SmallTarget {
  what: string;
  width: number;
  height: number;
}

/**
 * The page's visible pointer targets that fail WCAG 2.5.8: smaller than 24 x 24 px, not a link
 * inside a sentence (the inline exception), and closer to another target than the spacing
 * exception allows (a 24 px circle on its centre must not meet another target or circle).
 */
export function smallTargets(page: Page): Promise<SmallTarget[]> {
  return page.evaluate(() => {
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [tabindex]:not([tabindex="-1"])';
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return false;
      const cs = getComputedStyle(el);
      if (cs.visibility === "hidden" || cs.display === "none") return false;
      // Visually hidden (clipped to 1 px) and skip links are not pointer targets until focused.
      if (r.width <= 1 && r.height <= 1) return false;
      if (cs.clip !== "auto" || cs.clipPath === "inset(50%)") return false;
      return !el.closest("[inert], [aria-hidden='true']");
    };
    /** A link inside a run of text (its line height sets its size: WCAG's inline exception). */
    const inline = (el: Element) => {
      if (getComputedStyle(el).display !== "inline") return false;
      const parent = el.parentElement;
      if (!parent) return false;
      const own = (parent.textContent ?? "").replace(el.textContent ?? "", "").trim();
      return own.length > 0;
    };
    const targets = [...document.querySelectorAll(selector)].filter(visible);
    const boxes = targets.map((el) => {
      // A control's label is part of its target (a checkbox and its label act as one).
      const r = el.getBoundingClientRect();
      const label = el instanceof HTMLInputElement ? el.closest("label") : null;
      const lr = label?.getBoundingClientRect();
      const box = lr
        ? { left: lr.left, top: lr.top, right: lr.right, bottom: lr.bottom }
        : { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
      return { el, ...box, width: box.right - box.left, height: box.bottom - box.top };
    });
    const small = boxes.filter((b) => (b.width < 24 || b.height < 24) && !inline(b.el));
    const centre = (b: (typeof boxes)[number]) => [(b.left + b.right) / 2, (b.top + b.bottom) / 2] as const;
    const circleMeetsBox = ([cx, cy]: readonly [number, number], b: (typeof boxes)[number]) => {
      const dx = Math.max(b.left - cx, 0, cx - b.right);
      const dy = Math.max(b.top - cy, 0, cy - b.bottom);
      return dx * dx + dy * dy < 12 * 12;
    };
    const failing = small.filter((s) => {
      const c = centre(s);
      return boxes.some((o) => {
        if (o === s || o.el.contains(s.el) || s.el.contains(o.el)) return false;
        if (circleMeetsBox(c, o)) return true;
        if (small.includes(o)) {
          const [ox, oy] = centre(o);
          return (ox - c[0]) ** 2 + (oy - c[1]) ** 2 < 24 * 24;
        }
        return false;
      });
    });
    return failing.map((b) => {
      const text = (b.el.getAttribute("aria-label") ?? b.el.textContent ?? "")
        .replace(/\s+/g, " ")
        .trim()
        .slice(0, 40);
      return {
        what: `${b.el.tagName.toLowerCase()}${b.el.id ? `#${b.el.id}` : ""} "${text}"`,
        width: Math.round(b.width * 10) / 10,
        height: Math.round(b.height * 10) / 10,
      };
    });
  });
}

/**
 * The public pages to check, from the site's own sitemap: every page it lists, with one page per
 * family of pages built from one template (a blog post, an opening, a case study).
 */
export async function sitemapPages(page: Page): Promise<string[]> {
  const xml = await (await page.request.get("/sitemap.xml")).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const seen = new Set<string>();
  const out: string[] = [];
  for (const p of paths) {
    const parts = p.split("/").filter(Boolean);
    // /blog/<slug>, /careers/<job>, /case-studies/<id>: one of each family.
    const family = parts.length >= 2 ? `${parts[0]}/*` : p;
    if (seen.has(family)) continue;
    seen.add(family);
    out.push(p);
  }
  return out;
}
