import { describe, expect, it } from "vitest";
import { EMPTY_MAIN } from "../../bench/lighthouse";
import {
  EMPTY,
  FRAME,
  mainThreadProblems,
  mainThreadSection,
  siteFrame,
  type MainThreadRun,
} from "../../bench/mainthread";

const run = (page: string, total: number): MainThreadRun => ({
  page,
  total,
  groups: { other: total / 2, styleLayout: total / 4 },
  tbt: 0,
  tasks: 100,
});

describe("bench: the main thread against the empty page, and the site's frame", () => {
  it("makes the frame from the home page: its head and header around the empty page's content, no footer", () => {
    const home =
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="/favicon.png"></head>' +
      '<body><header class="site-header"><a href="/service">Services</a></header>' +
      '<main id="main"><section class="hero"><h1>Managed cloud</h1></section><p>$& and $1 stay text</p><footer>A card footer</footer></main>' +
      '<footer class="site-footer">Footer</footer></body></html>';
    const frame = siteFrame(home, "http://localhost:4483");
    expect(frame).toBe(
      '<!doctype html><html lang="en"><head><base href="http://localhost:4483/"><meta charset="utf-8"><link rel="icon" href="/favicon.png"></head>' +
        '<body><header class="site-header"><a href="/service">Services</a></header>' +
        EMPTY_MAIN +
        "</body></html>",
    );
    expect(() => siteFrame("<html><body><p>No main</p></body></html>", "http://x")).toThrow(/no <main>/);
  });

  it("shows the frame as a reference row without a verdict, and names its ratio beside a page over the goal", () => {
    const runs = [
      ...[100, 120, 110].map((t) => run(EMPTY, t)),
      ...[180, 190, 185].map((t) => run("/", t)),
      ...[150, 160, 155].map((t) => run("/about", t)),
      ...[160, 170, 165].map((t) => run("/product", t)),
      ...[170, 172, 168].map((t) => run(FRAME, t)),
    ];
    expect(mainThreadProblems(runs)).toEqual([
      "main thread: / 185 ms is 1.68x the empty page's 110 ms (the site's head and header alone: 1.55x)",
    ]);
    const section = mainThreadSection(runs, 3);
    expect(section).toContain(`| ${FRAME} | 170 ms | 1.55x | 170, 172, 168 |`);
    expect(section).toMatch(/\| \/about \| 155 ms \| 1\.41x .*≤ 1\.5x: met; TBT ≤ empty's: met \|/);
    expect(section).toContain("(reference: every page carries it) |");
    expect(section.indexOf(`| ${FRAME} |`)).toBeLessThan(section.indexOf(`| ${EMPTY} |`));
  });

  it("leaves the frame's row and ratio out when it was not measured", () => {
    const runs = [run(EMPTY, 100), run("/", 160), run("/about", 140), run("/product", 140)];
    expect(mainThreadProblems(runs)).toEqual(["main thread: / 160 ms is 1.60x the empty page's 100 ms"]);
    expect(mainThreadSection(runs, 1)).not.toContain(FRAME);
  });
});
