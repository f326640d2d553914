import { expect, type Page } from "@playwright/test";

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

/** Every screen of the dashboard (root_admin sees them all). */
export const DASHBOARD_SCREENS = [
  "/dashboard",
  "/dashboard/admin_blog",
  "/dashboard/candidate",
  "/dashboard/leads",
  "/dashboard/adminuser",
  "/dashboard/privacy",
] as const;
