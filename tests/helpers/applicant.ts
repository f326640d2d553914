/**
 * An applicant's e-mail check through the real endpoints: ask for a code, read it from the mail
 * the site sent, enter it, and keep the cookie the right code sets (the single-use application
 * token that submit-application requires). The endpoints run on the test's back ends (`ports`).
 */
import { expect } from "vitest";
import sendCode from "../../netlify/functions/send-email-otp";
import verifyOtp from "../../netlify/functions/verify-email-otp";
import type { MailMessage } from "../../src/server/platform/mail/mail";
import type { GivenPorts } from "./ports";

const BASE = "http://localhost:4321";

const postJson = (h: typeof sendCode, ports: GivenPorts, p: string, data: unknown, ip: string) =>
  h(
    new Request(`${BASE}${p}`, {
      method: "POST",
      body: JSON.stringify(data),
      headers: { origin: BASE, "content-type": "application/json", "x-forwarded-for": ip },
    }),
    undefined,
    ports,
  );

/** Asks for a code for `email` and returns it, read from the last mail in `sent()`. */
export async function applicationCode(
  ports: GivenPorts,
  email: string,
  sent: () => MailMessage[],
  ip = "198.51.100.2",
): Promise<string> {
  const res = await postJson(sendCode, ports, "/api/send-email-otp", { email }, ip);
  expect(res.status, await res.clone().text()).toBe(200);
  return sent()
    .at(-1)!
    .text.match(/\b(\d{6})\b/)![1]!;
}

/** Verifies `email` and returns the browser's cookie (`__Host-apply=...`) for the application. */
export async function applicationToken(
  ports: GivenPorts,
  email: string,
  sent: () => MailMessage[],
  ip = "198.51.100.3",
): Promise<string> {
  const code = await applicationCode(ports, email, sent);
  const res = await postJson(verifyOtp, ports, "/api/verify-email-otp", { email, code }, ip);
  expect(await res.json()).toEqual({ success: true });
  const cookie = res.headers.get("set-cookie")?.split(";")[0];
  expect(cookie).toMatch(/^__Host-apply=[\w-]{20,}$/);
  return cookie!;
}
