import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MOVED, movedTo } from "../../src/config/redirects";
import { SERVICE_ROUTES } from "../../src/config/site";
import { PUBLIC_PAGES } from "../../src/shared/common/sitemap";

const at = (p: string) => movedTo(new URL(p, "https://www.example.com"));
const SCREENS_DIR = path.join(import.meta.dirname, "../../src/islands/dashboard/screens");
const screenPaths = readdirSync(SCREENS_DIR, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => /\bpath: "([\w-]*)"/.exec(readFileSync(path.join(SCREENS_DIR, d.name, "meta.ts"), "utf8"))?.[1])
  .map((p) => (p ? `/dashboard/${p}` : "/dashboard"));

describe("the moved addresses (src/config/redirects.ts)", () => {
  it("keeps SPEC's route names, each moving to an address the site serves", () => {
    expect(MOVED.map((m) => m.from)).toEqual([
      "/carrier",
      "/contact%20us",
      "/microervice-development",
      "/dashboard/candidate",
      "/dashboard/admin_blog",
      "/dashboard/adminuser",
    ]);
    const served = new Set([...PUBLIC_PAGES, ...screenPaths]);
    for (const m of MOVED) expect(served, `${m.from} -> ${m.to}`).toContain(m.to);
  });

  it("moves every listed address, with what follows it and its query", () => {
    for (const m of MOVED) {
      expect(at(m.from)).toBe(m.to);
      expect(at(`${m.from}/`)).toBe(m.to);
      expect(at(`${m.from}?a=1&b=2`)).toBe(`${m.to}?a=1&b=2`);
    }
    expect(at("/carrier/12-devops-engineer")).toBe("/careers/12-devops-engineer");
    expect(at("/dashboard/candidate?status=New")).toBe("/dashboard/candidates?status=New");
  });

  it("reads an address in any spelling a browser sends", () => {
    expect(at("/contact us")).toBe("/contact");
    expect(at("/contact%20us/")).toBe("/contact");
  });

  it("moves no address the site serves, and no look-alike", () => {
    for (const p of [...PUBLIC_PAGES, ...SERVICE_ROUTES, ...screenPaths]) expect(at(p), p).toBeUndefined();
    for (const p of ["/carriers", "/careers/12", "/contact-us", "/dashboard/candidates", "/%ff", "/"])
      expect(at(p), p).toBeUndefined();
  });

  it("leads nowhere twice: no new address is itself moved", () => {
    for (const m of MOVED) expect(at(m.to), m.to).toBeUndefined();
  });
});
