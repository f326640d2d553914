import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";

const SCREENS_DIR = path.join(process.cwd(), "src/islands/dashboard/screens");

/** The local demo accounts seeded on an empty embedded database (README.md). */
export const STAFF = {
  root_admin: { email: "admin@example.com", password: "demo-admin-password-2025" },
  admin: { email: "editor@example.com", password: "demo-editor-password-2025" },
  reader: { email: "viewer@example.com", password: "demo-viewer-password-2025" },
} as const;

/** Signs in through the API (the browser context keeps the session cookie). */
export async function loginAs(page: Page, role: keyof typeof STAFF) {
  const res = await page.request.post("/api/login", { data: STAFF[role] });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Every screen of the dashboard (root_admin sees them all), read from the screens' own meta.ts
 * (src/islands/dashboard/screens/<screen>/meta.ts), so a new screen is walked without an edit here.
 */
export const DASHBOARD_SCREENS: readonly string[] = readdirSync(SCREENS_DIR, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => {
    const meta = readFileSync(path.join(SCREENS_DIR, d.name, "meta.ts"), "utf8");
    const at = /\bpath: "([\w-]*)"/.exec(meta)?.[1];
    if (at === undefined) throw new Error(`${d.name}/meta.ts names no path`);
    return at ? `/dashboard/${at}` : "/dashboard";
  })
  .sort();
