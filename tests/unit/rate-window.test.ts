import { describe, expect, it } from "vitest";
import { msToWindowEdge } from "../helpers/rate-window";

describe("tests wait clear of a rate-limit window's end", () => {
  const at = (hhmmss: string) => Date.parse(`2026-11-27T${hhmmss}Z`);

  it("knows the next end of any limit's window (10 and 15 minutes, an hour, a day)", () => {
    expect(msToWindowEdge(at("23:14:55"))).toBe(5_000); // the 15-minute window
    expect(msToWindowEdge(at("23:19:58"))).toBe(2_000); // the 10-minute window
    expect(msToWindowEdge(at("23:12:00"))).toBe(180_000);
    expect(msToWindowEdge(at("23:59:59.500"))).toBe(500);
  });
});
