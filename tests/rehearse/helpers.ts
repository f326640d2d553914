/**
 * What the rehearsal's flows read besides the site: the mail aws-ses-v2-local received, the calls
 * the purge API stand-in recorded, and the first account (created with `npm run create-admin`).
 */
import { expect, type APIRequestContext, type Page } from "@playwright/test";
export { tinyPdf } from "../helpers/tiny-pdf";

function setting(name: string): string {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set: run the flows with \`npm run rehearse\``);
  return v;
}

export const ADMIN = {
  email: setting("REHEARSE_ADMIN_EMAIL"),
  password: setting("REHEARSE_ADMIN_PASSWORD"),
};
export const SALES_EMAIL = setting("REHEARSE_SALES_EMAIL");
export const S3_ORIGIN = setting("REHEARSE_S3_ORIGIN");

export interface SesMail {
  from: string;
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
}

/** Every message aws-ses-v2-local received, oldest first. */
export async function sesMails(): Promise<SesMail[]> {
  const res = await fetch(`${setting("REHEARSE_SES_URL")}/store`);
  return ((await res.json()) as { emails: SesMail[] }).emails;
}

/** Waits for the newest message to an address whose subject matches. */
export async function waitForSes(to: string, subject: RegExp, timeoutMs = 30_000): Promise<SesMail> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const found = (await sesMails())
      .filter((m) => m.destination.to.some((t) => t.toLowerCase().includes(to.toLowerCase())))
      .filter((m) => subject.test(m.subject))
      .pop();
    if (found) return found;
    if (Date.now() > end) throw new Error(`No mail to ${to} matching ${subject} reached SES`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

export function codeIn(mail: SesMail): string {
  const m = (mail.body.text ?? "").match(/\b(\d{6})\b/);
  if (!m) throw new Error(`No code in mail "${mail.subject}"`);
  return m[1]!;
}

export interface PurgeCall {
  authorization?: string;
  body: { cache_tags?: string[]; site_id?: string };
}
export async function purgeCalls(): Promise<PurgeCall[]> {
  return (await (await fetch(`${setting("REHEARSE_PURGE_URL")}/calls`)).json()) as PurgeCall[];
}

/** Signs in through the /admin form, as staff do. */
export async function signIn(page: Page, email = ADMIN.email, password = ADMIN.password) {
  await page.goto("/admin");
  // Typing before the form has hydrated would be lost.
  await expect(page.locator("astro-island[ssr]")).toHaveCount(0);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Signs in through the API (for a second browser context of staff). */
export async function apiSignIn(request: APIRequestContext, email = ADMIN.email, password = ADMIN.password) {
  const res = await request.post("/api/login", { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
}

export const stamp = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;
