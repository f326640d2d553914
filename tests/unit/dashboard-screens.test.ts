/**
 * The dashboard's screens: every folder of src/islands/dashboard/screens is in the registry (so
 * its page, built from the folders' meta.ts, has a menu entry and a component), each with its own
 * path; /dashboard and unknown paths open the overview.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SCREENS, screenAt, screenHref } from "../../src/islands/dashboard/screens";

const dir = path.join(process.cwd(), "src/islands/dashboard/screens");
const folders = readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory());

describe("the dashboard's screens", () => {
  it("registers one screen per folder, each with a path of its own", async () => {
    const metas = await Promise.all(
      folders.map(async (f) => (await import(path.join(dir, f.name, "meta.ts"))).meta.path as string),
    );
    expect(SCREENS.map((s) => s.path).sort()).toEqual(metas.sort());
    expect(new Set(metas).size).toBe(metas.length);
  });

  it("finds the screen of an address, the overview for /dashboard, and none for an unknown one", () => {
    for (const s of SCREENS) expect(screenAt(screenHref(s))).toBe(s);
    expect(screenAt("/dashboard/leads/")?.path).toBe("leads");
    expect(screenAt("/dashboard")?.path).toBe("");
    expect(screenAt("/dashboard/")?.path).toBe("");
    expect(screenAt("/dashboard/no-such-screen")).toBeUndefined();
    expect(screenAt("/dashboard/leads/12")).toBeUndefined();
  });

  it("gives every screen a readable address", () => {
    expect(SCREENS.map((s) => s.path).sort()).toEqual(
      [
        "",
        "audit",
        "availability",
        "blog",
        "candidates",
        "lead-owners",
        "leads",
        "privacy",
        "site",
        "users",
        "webhooks",
      ].sort(),
    );
  });
});
