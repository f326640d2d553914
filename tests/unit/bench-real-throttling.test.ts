import { describe, expect, it } from "vitest";
import {
  EMPTY,
  largestPaint,
  realThrottlingProblems,
  realThrottlingSection,
  type RealRun,
} from "../../bench/real-throttling";

const run = (page: string, lcp: number, over: Partial<RealRun> = {}): RealRun => ({
  page,
  lcp,
  fcp: 600,
  element: "text",
  ...over,
});
const empties = [run(EMPTY, 620), run(EMPTY, 640), run(EMPTY, 630)];

describe("bench: /blog and a post under real throttling", () => {
  it("holds each page's median LCP within 150 ms of the empty page's median", () => {
    const post = [run("/blog/a-post", 700), run("/blog/a-post", 780), run("/blog/a-post", 2000)];
    expect(realThrottlingProblems([...post, ...empties])).toEqual([]);
    const blog = [run("/blog", 790), run("/blog", 781), run("/blog", 600)];
    expect(realThrottlingProblems([...blog, ...empties])).toEqual([
      "real throttling: /blog: LCP 151 ms over the empty page's (at most 150 ms)",
    ]);
  });

  it("says what the largest paint was and when the first picture arrived, with the verdict", () => {
    const blog = [
      run("/blog", 1300, { element: "picture", picture: 1290 }),
      run("/blog", 1340, { element: "picture", picture: 1330 }),
      run("/blog", 1320, { element: "picture", picture: 1310 }),
    ];
    const section = realThrottlingSection([...blog, ...empties], 3);
    expect(section).toContain(
      "| /blog | 1320 ms | +690 ms | 1300, 1340, 1320 | picture | 600 ms | 1310 ms | ≤ +150 ms: not met |",
    );
    expect(section).toContain("| (empty page) | 630 ms |  | 620, 640, 630 | text | 600 ms |  |  |");
  });

  it("tells a picture from its preview carried in the page, and both from text", () => {
    expect(largestPaint('<img class="banner" src="/.netlify/images?url=a">')).toBe("picture");
    expect(largestPaint('<img class="banner has-preview" src="/.netlify/images?url=a">')).toBe(
      "picture's preview",
    );
    expect(largestPaint('<img alt="has-preview" class="banner">')).toBe("picture");
    expect(largestPaint("<p>has-preview</p>")).toBe("text");
    expect(largestPaint(undefined)).toBe("text");
  });
});
