import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { PUBLIC_PAGES } from "../../src/shared/common/sitemap";
import { DASHBOARD_SCREENS, loginAs } from "./helpers/staff";

/**
 * Every screen fits the width of the device: nothing sticks out sideways, so a phone never zooms
 * the page out. Checked after scrolling to the end, when every section has been rendered (sections
 * below the first screen render only as they come near it).
 */
test.describe("every screen fits the device's width", () => {
  async function fits(page: import("@playwright/test").Page, path: string, status = 200) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(status);
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += innerHeight) {
        window.scrollTo(0, y);
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      }
    });
    const size = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(
      size.scroll,
      `${path} is ${size.scroll} px wide on a ${size.client} px screen`,
    ).toBeLessThanOrEqual(size.client);
  }

  test("public pages", async ({ page }) => {
    test.setTimeout(180_000);
    for (const path of [...PUBLIC_PAGES, "/blog/1", "/blog?tag=Containers", "/admin", "/privacy/my-data"])
      await fits(page, path);
    await fits(page, "/blog/999999", 404);
    await fits(page, "/no-such-page", 404);
  });

  test("dashboard screens", async ({ page }) => {
    await loginAs(page, "root_admin");
    for (const path of DASHBOARD_SCREENS) await fits(page, path);
  });
});

/** The 500 ms spinner of /ack, /admin and /dashboard, and only there (SPEC: routing). */
test.describe("the route spinner", () => {
  const spinner = (page: import("@playwright/test").Page) =>
    page.evaluate(() => {
      const el = document.querySelector(".route-spinner");
      if (!el) return null;
      const cs = getComputedStyle(el);
      return { position: cs.position, delay: cs.animationDelay, visibility: cs.visibility };
    });

  test("covers the staff paths and /ack for 500 ms", async ({ page, request }) => {
    // In every answer of those paths (/ack and a signed-out /dashboard move on by script).
    for (const path of ["/admin", "/ack", ...DASHBOARD_SCREENS]) {
      expect(await (await request.get(path)).text(), path).toContain('class="route-spinner');
    }
    const covers = async (path: string) => {
      const shown = await spinner(page);
      expect(shown, path).toMatchObject({ position: "fixed", delay: "0.5s" });
      await expect.poll(async () => (await spinner(page))?.visibility, { message: path }).toBe("hidden");
    };
    // The sign-in form asks once whether a session exists and, if one does, moves on to the
    // dashboard by itself: sign in only after it has had its answer, or its move aborts ours.
    const checked = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/check-session");
    await page.goto("/admin");
    await covers("/admin");
    await checked;
    await loginAs(page, "root_admin");
    await page.goto("/dashboard");
    await covers("/dashboard");
  });

  test("is not on public pages", async ({ page }) => {
    for (const path of [...PUBLIC_PAGES, "/blog/1"]) {
      await page.goto(path);
      expect(await spinner(page), path).toBeNull();
    }
  });
});

/**
 * Nothing on the first screen moves while a page is still arriving. A browser paints whatever HTML
 * it has parsed, and a slow network (or the parser pausing on its own) can stop anywhere: here the
 * page is served in one load that pauses before each element of the header and the first section in
 * turn, and before each element's text, and the browser must report no layout shift at any of those
 * points. Lighthouse found two such shifts this way (the menu button and the banner's Pause control
 * grew as their content came); pausing before the text found links whose empty box fitted at the end
 * of a row that their words then left (the blog's tag chips, a hero's second button). The cuts stop
 * after the last element that shows on the first screen: one that arrives below it cannot move
 * anything on it (and a shift out of view is not one the browser reports), and /blog's first section
 * goes on for nine post cards below it. Each pause lasts until the page has shown what came before
 * it (the comment the server put at the pause has been parsed, and two frames have passed), not a
 * set time: a fixed pause can leave a busy browser showing nothing before the rest comes. The pauses
 * are all in one load, each step a few frames, so a page's hundred-odd cuts take seconds, not a
 * page load each. A shift is reported after the pause it follows; any element moving on the way
 * from a pause to the whole page moves in one of those steps.
 */
const PAGES = ["/", "/contact", "/blog", "/careers"];

test.describe.configure({ mode: "parallel" });

for (const path of PAGES) {
  test(`no layout shift while ${path} arrives in pieces`, async ({ page, request, baseURL }) => {
    const site = baseURL ?? "http://localhost:4399";
    const html = await (await request.get(path)).text();
    const start = html.indexOf("<body");
    const main = html.indexOf("<main");
    const end = html.indexOf("</section>", main);
    expect(start, "the page has a body").toBeGreaterThan(0);
    expect(end, "the page has a first section in <main>").toBeGreaterThan(main);
    // Before every element, and before the text of every element (a link whose name has not
    // arrived is an empty box), except inside drawings, lists of options (no box of their own) and
    // the text of scripts and styles. Not before the body itself: a browser shows no document
    // without one.
    const SKIP =
      /^<(option|path|circle|rect|g|stop|line|polyline|polygon|ellipse|defs|linearGradient|use|title)\b/;
    const code = [...html.matchAll(/<(script|style)\b[\s\S]*?<\/\1>/g)].map((m) => ({
      from: m.index,
      to: m.index + m[0].length,
    }));
    const inCode = (at: number) => code.some(({ from, to }) => at > from && at < to);
    const allCuts = [...html.slice(start, end).matchAll(/(<[a-zA-Z][a-zA-Z0-9-]*)|>(?=[^<\s])/g)]
      .map((m) => {
        const at = start + m.index + (m[1] ? 0 : 1);
        return { at, element: Boolean(m[1]), tag: m[1] ?? html.slice(html.lastIndexOf("<", at), at) };
      })
      .filter((c) => c.at > start && !SKIP.test(c.tag) && !inCode(c.at));
    // The page once whole, each cut element marked with its number (an attribute no style reads),
    // to find the last one on the first screen.
    const elementCuts = allCuts.filter((c) => c.element);
    let marked = html;
    for (let i = elementCuts.length - 1; i >= 0; i--) {
      const { at, tag } = elementCuts[i]!;
      marked = `${marked.slice(0, at + tag.length)} data-cut="${i}"${marked.slice(at + tag.length)}`;
    }
    // A few hundred milliseconds a cut on a busy machine, and a retry records a trace.
    test.setTimeout(60_000 + allCuts.length * 1_000);

    // A server of our own, so the HTML can pause mid-stream; every other file comes from the site,
    // with the site's cache lifetime.
    let cuts: number[] = [];
    // The paused load's answer, and the number of the next pause to send up to.
    const stream: { res?: ServerResponse; next: number } = { next: 0 };
    const server: Server = createServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://x");
      if (url.pathname === "/" && url.search === "?whole") {
        res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
        res.end(marked);
        return;
      }
      if (url.pathname === "/" && url.search === "?pieces") {
        // Up to the first pause, with a comment there (no box, no text) that the page watches for.
        res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
        res.write(`${html.slice(0, cuts[0])}<!--cut:0-->`);
        stream.res = res;
        stream.next = 1;
        return;
      }
      if (url.pathname === "/" && url.searchParams.has("shown")) {
        // The page has shown everything up to pause `shown`: the next piece, or the rest.
        res.writeHead(204).end();
        const shown = Number(url.searchParams.get("shown"));
        if (!stream.res || shown !== stream.next - 1) return;
        const i = stream.next++;
        if (i < cuts.length) stream.res.write(`${html.slice(cuts[i - 1], cuts[i])}<!--cut:${i}-->`);
        else stream.res.end(html.slice(cuts[i - 1]));
        return;
      }
      void fetch(new URL(req.url ?? "/", site)).then(async (r) => {
        res.writeHead(r.status, {
          "Content-Type": r.headers.get("content-type") ?? "application/octet-stream",
          "Cache-Control": r.headers.get("cache-control") ?? "no-store",
        });
        res.end(Buffer.from(await r.arrayBuffer()));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    await page.addInitScript(() => {
      const shifts: { after: number; text: string }[] = [];
      (window as unknown as { shifts: typeof shifts }).shifts = shifts;
      let shown = -1;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & {
          value: number;
          sources: { node?: Node | null }[];
        })[])
          shifts.push({
            after: shown,
            text: `${e.value.toFixed(5)} ${e.sources.map((s) => (s.node as Element | null)?.outerHTML?.slice(0, 80) ?? "?").join(" | ")}`,
          });
      }).observe({ type: "layout-shift", buffered: true });
      // In the paused load, each pause's comment once parsed: two frames later, the page asks for
      // the next piece.
      if (location.search !== "?pieces") return;
      new MutationObserver((records) => {
        for (const r of records)
          for (const n of r.addedNodes) {
            const at = n.nodeType === Node.COMMENT_NODE && /^cut:(\d+)$/.exec((n as Comment).data);
            if (!at) continue;
            const cut = Number(at[1]);
            requestAnimationFrame(() =>
              requestAnimationFrame(() => {
                shown = cut;
                void fetch(`/?shown=${cut}`, { cache: "no-store" });
              }),
            );
          }
      }).observe(document, { childList: true, subtree: true });
    });
    try {
      await page.goto(`http://127.0.0.1:${port}/?whole`, { waitUntil: "load" });
      const lastShown = await page.evaluate(() =>
        Math.max(
          ...[...document.querySelectorAll("[data-cut]")]
            .filter((el) => {
              const box = el.getBoundingClientRect();
              return box.width > 0 && box.height > 0 && box.top < window.innerHeight;
            })
            .map((el) => Number(el.getAttribute("data-cut"))),
        ),
      );
      expect(lastShown, "elements on the first screen").toBeGreaterThan(0);
      // Every cut up to the next element after the last one shown (its text included).
      const until = elementCuts[lastShown + 1]?.at ?? end;
      cuts = allCuts.filter((c) => c.at < until).map((c) => c.at);
      expect(cuts.length).toBeGreaterThan(20);
      test.info().annotations.push({ type: "cuts", description: `${cuts.length} of ${allCuts.length}` });
      await page.goto(`http://127.0.0.1:${port}/?pieces`, { waitUntil: "load" });
      expect(stream.next, "every pause was shown before the rest came").toBe(cuts.length + 1);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const shifts = await page.evaluate(
        () => (window as unknown as { shifts: { after: number; text: string }[] }).shifts,
      );
      const found = shifts.map(
        (s) =>
          `${s.after < 0 ? "before the first pause" : `after the pause before ${JSON.stringify(html.slice(cuts[s.after], cuts[s.after]! + 50))}`}: ${s.text}`,
      );
      expect(found).toEqual([]);
    } finally {
      server.close();
    }
  });
}
