/**
 * Interaction to Next Paint of the site's interactions, on the phone emulation (4x CPU slowdown,
 * 390 px wide, touch), through the Event Timing API: an observer installed before the page's own
 * code keeps, for every interaction (interactionId), the longest event duration, from input to the
 * next paint (Chromium reports durations in steps of 8 ms, and none under 16 ms: "< 16 ms" then).
 * Each interaction is measured on a fresh page, once its island is ready, `runs` times.
 *
 *   - the public menu on a phone (the header's <details>);
 *   - the careers page's application dialog (Apply Now);
 *   - typing in the contact form (each key is an interaction; the longest counts);
 *   - a lead card's timeline (the dashboard's leads, "Timeline and notes");
 *   - switching dashboard screens: opening the dashboard menu on a phone, and (not an INP: the
 *     page changes) the time from the tap on a screen's link to that screen usable;
 *   - approving a comment in the moderation queue (a held comment is posted first).
 *
 * Alone: `npm run bench -- --only=inp`.
 */
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { LOCAL_DEMO_ADMIN } from "../scripts/seed/demo-accounts";
import { median, table } from "./lib/stats";

export const INP_GOAL_MS = 100;
export const MARK_START = "<!-- bench:inp -->";
export const MARK_END = "<!-- /bench:inp -->";

/** Kept by the page: the longest duration of each interaction, in the order they came. */
const OBSERVER = `(() => {
  const seen = new Map();
  window.__interactions = seen;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (!e.interactionId) continue;
      seen.set(e.interactionId, Math.max(seen.get(e.interactionId) ?? 0, e.duration));
    }
  }).observe({ type: "event", durationThreshold: 16, buffered: true });
})()`;

export interface InpRun {
  interaction: string;
  /** The longest interaction measured (0: every one under 16 ms). */
  inp: number;
  /** Not an INP: a screen change's time to the next screen usable (ms). */
  kind: "inp" | "time";
}

interface Ctx {
  browser: Browser;
  base: string;
}

async function phone(ctx: Ctx, signedIn = false): Promise<{ context: BrowserContext; page: Page }> {
  const context = await ctx.browser.newContext({
    baseURL: ctx.base,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  if (signedIn) {
    const login = await context.request.post("/api/login", { data: LOCAL_DEMO_ADMIN });
    if (login.status() !== 200) throw new Error(`sign-in failed: ${login.status()}`);
  }
  const page = await context.newPage();
  await page.addInitScript(OBSERVER);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  return { context, page };
}

/** Interactions so far (count), then the longest of those after `from`, once they are reported. */
const count = (page: Page) =>
  page.evaluate(() => (window as unknown as { __interactions: Map<number, number> }).__interactions.size);
async function longestSince(page: Page, from: number): Promise<number> {
  // Entries are reported after the next paint; two frames and a short wait let them arrive.
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 300)))),
  );
  return page.evaluate(
    (from) =>
      [...(window as unknown as { __interactions: Map<number, number> }).__interactions.values()]
        .slice(from)
        .reduce((a, b) => Math.max(a, b), 0),
    from,
  );
}

/** Waits until every island on the page around `selector` has hydrated. */
async function hydrated(page: Page, selector: string) {
  await page.locator(selector).first().scrollIntoViewIfNeeded();
  await page.waitForFunction(
    (sel) => {
      const el = document.querySelector(sel);
      const island = el?.closest("astro-island") ?? document.querySelector("astro-island");
      return !!el && (!island || !island.hasAttribute("ssr"));
    },
    selector,
    { timeout: 60_000 },
  );
}

const usable = (page: Page) =>
  page.waitForFunction(
    () => {
      const c = document.querySelector(".dash-content");
      return !!c?.querySelector("h1") && !/Loading/.test(c.textContent ?? "");
    },
    null,
    { timeout: 60_000 },
  );

type Measure = (ctx: Ctx) => Promise<InpRun[]>;

const MEASURES: Record<string, Measure> = {
  async menu(ctx) {
    const { context, page } = await phone(ctx);
    try {
      await page.goto("/");
      await page.waitForLoadState("load");
      const from = await count(page);
      await page.locator(".nav-small summary").tap();
      return [
        {
          interaction: "public menu, opened on a phone (/)",
          inp: await longestSince(page, from),
          kind: "inp",
        },
      ];
    } finally {
      await context.close();
    }
  },
  async apply(ctx) {
    const { context, page } = await phone(ctx);
    try {
      await page.goto("/careers");
      const button = page.getByRole("button", { name: /^Apply Now/ }).first();
      await button.scrollIntoViewIfNeeded();
      await hydrated(page, "#openings button");
      const from = await count(page);
      await button.tap();
      await page.getByRole("dialog").waitFor({ timeout: 60_000 });
      return [
        {
          interaction: "application dialog, opened (/careers, Apply Now)",
          inp: await longestSince(page, from),
          kind: "inp",
        },
      ];
    } finally {
      await context.close();
    }
  },
  async typing(ctx) {
    const { context, page } = await phone(ctx);
    try {
      await page.goto("/contact%20us");
      await page.locator("form").first().scrollIntoViewIfNeeded();
      await page.waitForSelector("form[data-ready]", { timeout: 60_000 });
      const field = page.getByLabel("Name", { exact: false }).first();
      await field.tap();
      await longestSince(page, 0);
      const from = await count(page);
      await page.keyboard.type("Priya Raman", { delay: 120 });
      return [
        {
          interaction: "typing in the contact form (Name, 11 keys: the longest)",
          inp: await longestSince(page, from),
          kind: "inp",
        },
      ];
    } finally {
      await context.close();
    }
  },
  async lead(ctx) {
    const { context, page } = await phone(ctx, true);
    try {
      await page.goto("/dashboard/leads");
      await usable(page);
      const button = page.getByRole("button", { name: /^Timeline and notes/ }).first();
      await button.scrollIntoViewIfNeeded();
      const from = await count(page);
      await button.tap();
      return [
        {
          interaction: "lead card, timeline opened (/dashboard/leads)",
          inp: await longestSince(page, from),
          kind: "inp",
        },
      ];
    } finally {
      await context.close();
    }
  },
  async screens(ctx) {
    const { context, page } = await phone(ctx, true);
    try {
      await page.goto("/dashboard");
      await usable(page);
      const from = await count(page);
      await page.locator(".dash-top__toggle").tap();
      const inp = await longestSince(page, from);
      const link = page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Leads" });
      await link.waitFor();
      const start = Date.now();
      await link.tap();
      await page.waitForURL("**/dashboard/leads");
      await usable(page);
      return [
        { interaction: "dashboard menu, opened on a phone (to switch screens)", inp, kind: "inp" },
        {
          interaction: "switching screens: tap on Leads to the leads screen usable",
          inp: Date.now() - start,
          kind: "time",
        },
      ];
    } finally {
      await context.close();
    }
  },
  async approve(ctx) {
    const { context, page } = await phone(ctx, true);
    try {
      const posts = (await (await context.request.get("/api/get-posts")).json()) as {
        posts: { id: number }[];
      };
      const name = `Bench Reader ${Date.now()}`;
      // Two links: held for review (src/server/blog/moderation.ts).
      const sent = await context.request.post("/api/add-comment", {
        data: {
          post_id: posts.posts[0]!.id,
          name,
          email: `reader.${Date.now()}@example.org`,
          comment: "Notes at https://docs.example.org/a and https://docs.example.org/b for the bench.",
        },
        headers: { Origin: ctx.base },
      });
      if (sent.status() >= 300) throw new Error(`comment not sent: ${sent.status()} ${await sent.text()}`);
      await page.goto("/dashboard/blog#moderation");
      await usable(page);
      const button = page.getByRole("button", { name: `Approve the comment by ${name}` });
      await button.waitFor({ timeout: 60_000 });
      await button.scrollIntoViewIfNeeded();
      const from = await count(page);
      await button.tap();
      return [
        {
          interaction: "comment approved in the moderation queue (/dashboard/blog)",
          inp: await longestSince(page, from),
          kind: "inp",
        },
      ];
    } finally {
      await context.close();
    }
  },
};

export async function benchInp(base: string, runs = 5): Promise<InpRun[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  const out: InpRun[] = [];
  try {
    // INP_ONLY=apply,typing: only these (the keys of MEASURES), when working on one.
    const only = (process.env.INP_ONLY ?? "").split(",").filter(Boolean);
    const measures = Object.entries(MEASURES).filter(([k]) => !only.length || only.includes(k));
    for (let i = 0; i < runs; i++)
      for (const [, measure] of measures) out.push(...(await measure({ browser, base })));
  } finally {
    await browser.close();
  }
  return out;
}

const names = (runs: InpRun[]) => [...new Set(runs.map((r) => r.interaction))];
const shown = (v: number) => (v === 0 ? "< 16 ms" : `${Math.round(v)} ms`);

export function inpProblems(runs: InpRun[]): string[] {
  return names(runs).flatMap((n) => {
    const mine = runs.filter((r) => r.interaction === n && r.kind === "inp");
    const m = median(mine.map((r) => r.inp));
    return mine.length && m > INP_GOAL_MS ? [`INP: ${n}: ${Math.round(m)} ms > ${INP_GOAL_MS} ms`] : [];
  });
}

export function inpSection(runs: InpRun[], runsEach: number): string {
  const rows = names(runs).map((n) => {
    const mine = runs.filter((r) => r.interaction === n);
    const m = median(mine.map((r) => r.inp));
    const inp = mine[0]!.kind === "inp";
    return [
      n,
      inp ? shown(m) : `${Math.round(m)} ms`,
      mine.map((r) => (inp ? shown(r.inp) : `${Math.round(r.inp)} ms`)).join(", "),
      inp ? `≤ ${INP_GOAL_MS} ms: ${m <= INP_GOAL_MS ? "met" : "not met"}` : "(a page change, not an INP)",
    ];
  });
  return [
    MARK_START,
    `## Interaction to Next Paint on a phone (median of ${runsEach} fresh pages each)`,
    "",
    `Measured ${new Date().toISOString().replace("T", " ").slice(0, 16)} UTC. Chromium through playwright-core: 4x CPU slowdown, 390 px wide, touch (taps and key presses through the DevTools input pipeline), no network throttling. The Event Timing API (an observer installed before the page's code): for each interaction the longest event duration, input to next paint; Chromium reports none under 16 ms.`,
    "",
    table(["interaction", "median", "runs", "goal"], rows),
    MARK_END,
  ].join("\n");
}
