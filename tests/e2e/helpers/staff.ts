import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { LOCAL_DEMO_ADMIN, LOCAL_DEMO_STAFF } from "../../../scripts/seed/demo-accounts";
import type { Role } from "../../../src/shared/staff/staff";
import type { StaffPermission } from "../../../src/shared/staff/permissions";

const SCREENS_DIR = path.join(process.cwd(), "src/islands/dashboard/screens");

/** The local demo accounts seeded on an empty embedded database (README.md). */
export const STAFF = {
  root_admin: LOCAL_DEMO_ADMIN,
  ...Object.fromEntries(LOCAL_DEMO_STAFF.map((u) => [u.role, { email: u.email, password: u.password }])),
} as Record<Role, { email: string; password: string }>;

/** The side menu collapses on a phone: open it when it is closed. */
export async function openMenu(page: Page) {
  const toggle = page.locator(".dash-top__toggle");
  if ((await toggle.getAttribute("aria-expanded")) === "false") await toggle.click();
  await expect(page.getByRole("navigation", { name: "Dashboard" })).toBeVisible();
}

/**
 * Signs in through the API (the browser context keeps the session cookie). A sign-in revokes the
 * session the browser already had, so a page still open on the dashboard would answer its next
 * request's 401 by going to /admin, in the middle of whatever the test opens next: the page is
 * emptied first.
 */
export async function loginAs(page: Page, role: keyof typeof STAFF) {
  if (page.url() !== "about:blank") await page.goto("about:blank");
  const res = await page.request.post("/api/login", { data: STAFF[role] });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Every screen of the dashboard (root_admin sees them all), read from the screens' own meta.ts
 * (src/islands/dashboard/screens/<screen>/meta.ts), so a new screen is walked without an edit here.
 */
export const SCREEN_METAS: readonly { href: string; needs: StaffPermission }[] = readdirSync(SCREENS_DIR, {
  withFileTypes: true,
})
  .filter((d) => d.isDirectory())
  .map((d) => {
    const meta = readFileSync(path.join(SCREENS_DIR, d.name, "meta.ts"), "utf8");
    const at = /\bpath: "([\w-]*)"/.exec(meta)?.[1];
    const needs = /\bneeds: "([\w:]+)"/.exec(meta)?.[1] as StaffPermission | undefined;
    if (at === undefined || !needs) throw new Error(`${d.name}/meta.ts names no path or no permission`);
    return { href: at ? `/dashboard/${at}` : "/dashboard", needs };
  })
  .sort((a, b) => a.href.localeCompare(b.href));
export const DASHBOARD_SCREENS: readonly string[] = SCREEN_METAS.map((m) => m.href);
