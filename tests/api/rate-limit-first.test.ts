/**
 * "Rate limits are checked before a body is read" (SECURITY.md): with the limits on, a client
 * that has used up an endpoint's limit gets 429 whatever it sends, a malformed body, a 1 MB body
 * or a wrong field, never the 400 or 413 that reading the body would give. The endpoint wrapper
 * checks the limit each endpoint declares (src/server/common/policies.ts), so the list below
 * is also checked against what the functions declare.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadFunctions, type LoadedFunction } from "../../scripts/lib/functions";
import { CLIENT_LIMITS } from "../../src/server/common/policies";
import { bump } from "../../src/server/common/rate-limit";
import { clientKeyOf } from "../../src/server/common/network-address";
import { rateLimitOf } from "../../src/server/http/endpoint";
import { resetEnv } from "../../src/server/platform/env";
import { apiHarness, type ApiHarness } from "../helpers/api";
import { clearOfWindowEdge } from "../helpers/rate-window";

const BASE = "http://localhost:4321";

/** Every endpoint with a per-client limit, and its policy. */
const LIMITED: [string, keyof typeof CLIENT_LIMITS][] = [
  ["/api/login", "login"],
  ["/api/forgot-password", "forgotPassword"],
  ["/api/reset-password", "resetPassword"],
  ["/api/send-email-otp", "codeSend"],
  ["/api/verify-email-otp", "codeVerify"],
  ["/api/submit-application", "application"],
  ["/api/add-faq", "faq"],
  ["/api/add-comment", "comment"],
  ["/api/submit", "contact"],
  ["/api/trust-request", "trustRequest"],
  ["/api/book-meeting", "booking"],
  ["/api/cancel-meeting", "booking"],
  ["/api/report-comment", "commentReport"],
  ["/api/privacy/send-code", "privacyCodeSend"],
  ["/api/privacy/verify-code", "privacyCodeVerify"],
];

const BODIES: { label: string; headers: Record<string, string>; body: string }[] = [
  { label: "malformed JSON", headers: { "content-type": "application/json" }, body: '{"email": ' },
  {
    label: "a 1 MB body",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "x".repeat(1_200_000) }),
  },
  { label: "a wrong content type", headers: { "content-type": "text/plain" }, body: "hello" },
  {
    label: "broken multipart",
    headers: { "content-type": "multipart/form-data; boundary=XyZ" },
    body: '--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated',
  },
];

let api: ApiHarness;
let fns: LoadedFunction[];
let ipSeq = 0;

beforeAll(async () => {
  api = await apiHarness();
  process.env.RATE_LIMITS = "on";
  resetEnv();
  fns = await loadFunctions();
}, 120_000);

// Each test fills a client's window, then expects its next request refused in the same window.
beforeEach(() => clearOfWindowEdge());

afterAll(async () => {
  process.env.RATE_LIMITS = "off";
  resetEnv();
  await api.close();
});

describe("a client past an endpoint's rate limit gets 429 before its body is read", () => {
  it.each(LIMITED)("%s (%s)", async (path, name) => {
    const limit = CLIENT_LIMITS[name];
    const ip = `203.0.113.${++ipSeq}`;
    const key = clientKeyOf(process.env.SESSION_SECRET!, ip);
    await bump(api.db.db, limit.bucket, key, {
      now: new Date(),
      windowSeconds: limit.windowSeconds,
      by: limit.max,
    });
    for (const b of BODIES) {
      const res = await api.send(
        new Request(`${BASE}${path}`, {
          method: "POST",
          headers: { origin: BASE, "x-forwarded-for": ip, ...b.headers },
          body: b.body,
        }),
      );
      expect(res.status, `${path} with ${b.label}`).toBe(429);
      expect(res.headers.get("retry-after"), `${path} with ${b.label}`).toMatch(/^\d+$/);
      expect(await res.json(), `${path} with ${b.label}`).toHaveProperty("error");
    }
    // Another client is not affected: its malformed body is read and refused as such.
    const other = await api.send(
      new Request(`${BASE}${path}`, {
        method: "POST",
        headers: { origin: BASE, "x-forwarded-for": "198.51.100.200", "content-type": "application/json" },
        body: '{"email": ',
      }),
    );
    expect(other.status, path).toBeLessThan(429);
  });

  it.each([
    ["/api/submit", "contact"],
    ["/api/trust-request", "trustRequest"],
    ["/api/add-comment", "comment"],
    ["/api/add-faq", "faq"],
  ] as const)("%s posted by the browser itself past its limit gets a page, not JSON", async (path, name) => {
    const limit = CLIENT_LIMITS[name];
    const ip = `203.0.113.${++ipSeq}`;
    await bump(api.db.db, limit.bucket, clientKeyOf(process.env.SESSION_SECRET!, ip), {
      now: new Date(),
      windowSeconds: limit.windowSeconds,
      by: limit.max,
    });
    const res = await api.send(
      new Request(`${BASE}${path}`, {
        method: "POST",
        headers: {
          origin: BASE,
          "x-forwarded-for": ip,
          "sec-fetch-mode": "navigate",
          accept: "text/html",
          "content-type": "application/x-www-form-urlencoded",
        },
        body: "name=x",
      }),
    );
    expect(res.status).toBe(429);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    const html = await res.text();
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('role="alert"');
  });

  it("the wrapper holds the limits: exactly these endpoints declare one, each its own policy", () => {
    const declared = fns
      .filter((f) => rateLimitOf(f.exported))
      .map((f) => [f.path, rateLimitOf(f.exported)] as const)
      .sort(([a], [b]) => a.localeCompare(b));
    const expected = LIMITED.map(([p, name]) => [p, CLIENT_LIMITS[name]] as const).sort(([a], [b]) =>
      a.localeCompare(b),
    );
    expect(declared).toEqual(expected);
  });
});
