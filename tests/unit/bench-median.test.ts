import { describe, expect, it } from "vitest";
import {
  EMPTY_PAGE,
  lighthouseProblems,
  lighthouseTable,
  medianFigure,
  runsText,
  type PageFigure,
} from "../../bench/lighthouse";

const run = (over: Partial<PageFigure>): PageFigure => ({
  page: "/about",
  performance: 100,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcp: 800,
  tbt: 0,
  tbtCalibrated: 0,
  benchmarkIndex: 1200,
  cls: 0,
  jsBytes: 0,
  htmlBytes: 10_000,
  ...over,
});

describe("bench: Lighthouse figures of 3 runs", () => {
  it("takes each figure's own median and keeps every run's TBT", () => {
    const f = medianFigure([
      run({ tbt: 0, lcp: 900, performance: 100 }),
      run({ tbt: 40, lcp: 700, performance: 99 }),
      run({ tbt: 12, lcp: 1300, performance: 100 }),
    ]);
    expect(f).toMatchObject({ performance: 100, lcp: 900, tbt: 12, tbtRuns: [0, 40, 12] });
  });

  it("names every element that moved in any run", () => {
    const f = medianFigure([
      run({ cls: 0.01, shifted: ["header"] }),
      run({}),
      run({ cls: 0.02, shifted: ["h1"] }),
    ]);
    expect(f.cls).toBe(0.01);
    expect(f.shifted).toEqual(["header", "h1"]);
  });

  it("counts a median TBT above 0 ms, an LCP over its goal and a CLS above 0 as over budget", () => {
    expect(lighthouseProblems([run({})])).toEqual([]);
    expect(lighthouseProblems([run({ tbt: 3 })])).toEqual(["/about: TBT 3 ms > 0"]);
    expect(lighthouseProblems([run({ lcp: 1250 })])).toEqual(["/about: LCP 1250 ms > 1200 ms"]);
    expect(lighthouseProblems([run({ page: "/", lcp: 1050 })])).toEqual(["/: LCP 1050 ms > 1000 ms"]);
    expect(lighthouseProblems([run({ cls: 0.001, shifted: ["p"] })])).toEqual([
      "/about: CLS 0.00100 > 0 (moved: p)",
    ]);
  });

  it("holds /blog and a post within 150 ms of the empty page's LCP in the same run", () => {
    const empty = run({ page: EMPTY_PAGE, lcp: 750 });
    const blog = run({ page: "/blog", lcp: 900 });
    const post = run({ page: "/blog/a-post", lcp: 910 });
    expect(lighthouseProblems([blog, post, empty])).toEqual([
      "/blog/a-post: LCP 910 ms is 160 ms over the empty page's 750 ms (at most 150 ms)",
    ]);
    // Other pages answer to their own LCP goal only.
    expect(lighthouseProblems([run({ lcp: 1000 }), empty])).toEqual([]);
    // Without an empty page in the run there is nothing to compare with.
    expect(lighthouseProblems([post])).toEqual([]);
  });
});

describe("bench: the TBT column", () => {
  it("lists each run of a page, and counts the many runs of the reference row", () => {
    expect(runsText([0, 8, 3])).toBe("0, 8, 3");
    expect(runsText([0, 0, 31, 1, 0])).toBe("5 runs, 2 above 0, highest 31");
    expect(runsText([0, 0, 0, 0])).toBe("4 runs, 0 above 0");
  });
});

describe("bench: the same loads at the calibrated CPU slowdown", () => {
  it("takes the median of the rescored TBT and of the machine's BenchmarkIndex", () => {
    const f = medianFigure([
      run({ tbt: 30, tbtCalibrated: 0, benchmarkIndex: 1100 }),
      run({ tbt: 12, tbtCalibrated: 4, benchmarkIndex: 1900 }),
      run({ tbt: 0, tbtCalibrated: 0, benchmarkIndex: 1200 }),
    ]);
    expect(f).toMatchObject({ tbt: 12, tbtCalibrated: 0, benchmarkIndex: 1200 });
  });

  it("shows it in its own column and the machine's power under the table; the goal stays 4x", () => {
    const figures = [
      run({ page: "/", tbt: 20, tbtCalibrated: 0, benchmarkIndex: 1150 }),
      run({ page: "/about", tbt: 0, tbtCalibrated: Number.NaN, benchmarkIndex: 1900 }),
      run({ page: "/product", tbt: 0, tbtCalibrated: 0, benchmarkIndex: 1200 }),
    ];
    const text = lighthouseTable(figures);
    const [header, , home, about] = text.split("\n");
    expect(header).toMatch(/\| TBT +\| TBT at 2x +\|/);
    expect(home).toMatch(/\| 20 ms +\| 0 ms +\|/);
    expect(about).toMatch(/\| 0 ms +\| - +\|/);
    expect(text).toContain("the rows' medians: 1200, from 1150 to 1900");
    expect(lighthouseProblems(figures)).toEqual(["/: TBT 20 ms > 0"]);
  });
});
