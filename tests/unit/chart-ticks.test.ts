import { describe, expect, it } from "vitest";
import { axisTicks } from "../../src/islands/dashboard/screens/overview/WeeklyChart";

describe("the overview chart's axis", () => {
  it.each([
    [0, [0, 1, 2, 3, 4]],
    [3, [0, 1, 2, 3, 4]],
    [5, [0, 2, 4, 6]],
    [8, [0, 2, 4, 6, 8]],
    [10, [0, 5, 10]],
    [23, [0, 10, 20, 30]],
    [41, [0, 20, 40, 60]],
    [999, [0, 500, 1000]],
  ])("counts whole leads: %i -> %j", (n, ticks) => {
    expect(axisTicks(n)).toEqual(ticks);
  });

  it("never has a fraction, has at most 5 ticks and reaches the highest bar", () => {
    for (let n = 0; n <= 5000; n++) {
      const t = axisTicks(n);
      expect(t.every(Number.isInteger)).toBe(true);
      expect(t.length).toBeLessThanOrEqual(5);
      expect(t.at(-1)!).toBeGreaterThanOrEqual(n);
    }
  });
});
