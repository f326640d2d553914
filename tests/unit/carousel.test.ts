import { describe, expect, it } from "vitest";
import {
  clampIndex,
  keyIndex,
  stepIndex,
  swipeStep,
  SWIPE_THRESHOLD,
} from "../../src/shared/common/carousel";

describe("stepIndex", () => {
  describe.each([
    // index, step, count, wrap, expected
    [0, 1, 3, false, 1],
    [2, 1, 3, false, 2],
    [0, -1, 3, false, 0],
    [1, -1, 3, false, 0],
    [2, 1, 3, true, 0],
    [0, -1, 3, true, 2],
    [1, 1, 2, true, 0],
    [0, -1, 2, true, 1],
    [0, 1, 1, true, 0],
    [0, 1, 0, false, 0],
  ])("from %i by %i of %i (wrap %s)", (index, step, count, wrap, expected) => {
    it(`goes to ${expected}`, () => expect(stepIndex(index, step, count, wrap)).toBe(expected));
  });
});

describe("clampIndex", () => {
  it.each([
    [-3, 4, 0],
    [7, 4, 3],
    [2, 4, 2],
    [1.7, 4, 1],
    [5, 0, 0],
  ])("clamps %d into %i cards as %i", (i, n, expected) => expect(clampIndex(i, n)).toBe(expected));
});

describe("swipeStep", () => {
  it("uses a 50 px threshold", () => expect(SWIPE_THRESHOLD).toBe(50));
  it.each([
    [-51, 0, 1],
    [51, 0, -1],
    [-50, 0, 0],
    [50, 0, 0],
    [-10, 0, 0],
    [-80, 120, 0],
    [-120, 80, 1],
    [200, -10, -1],
  ])("dx %i, dy %i gives %i", (dx, dy, expected) => expect(swipeStep(dx, dy)).toBe(expected));
});

describe("keyIndex", () => {
  it.each([
    ["ArrowRight", 0, 3, 1],
    ["ArrowRight", 2, 3, 2],
    ["ArrowLeft", 0, 3, 0],
    ["ArrowLeft", 2, 3, 1],
    ["Home", 2, 3, 0],
    ["End", 0, 3, 2],
    ["Enter", 0, 3, undefined],
  ])("%s from %i of %i gives %s", (key, i, n, expected) => expect(keyIndex(key, i, n)).toBe(expected));
});
