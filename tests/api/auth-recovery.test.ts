/** Forgot and reset password: same answer for any address, hashed single-use codes, sessions end. */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { settled } from "../../src/server/http/endpoint";
import { FORGOT_MESSAGE } from "../../src/server/staff/password-reset";
import { resetEnv } from "../../src/server/platform/env";
import { LOGIN_POLICY } from "../../src/server/common/policies";
import { hashPassword } from "../../src/server/common/passwords";
import type { Contract } from "../../src/shared/api/contract";
import { checkSessionApi, forgotPasswordApi, loginApi, resetPasswordApi } from "../../src/shared/staff/api";
import { apiHarness, type ApiHarness } from "../helpers/api";
import { appFor } from "../helpers/staff-matrix";
import { SESSION_COOKIE } from "../../src/server/http/cookies";
import { createSession } from "../../src/server/staff/sessions";
import { clearOfWindowEdge } from "../helpers/rate-window";

// Every sign-in compares a bcrypt hash: on a busy two-core machine a dozen take a while.
vi.setConfig({ testTimeout: 120_000 });

const OLD = "the-old-password-1";
const NEW = "a-brand-new-password-2";
let api: ApiHarness;
let clock: Date | undefined;
let n = 0;

// Mail is sent after the answer: wait for it before looking at the outbox.
const postJson = async (c: Contract, body: unknown) => {
  const res = await api.call(c, { body });
  await settled();
  return res;
};
const codeFor = (email: string) => {
  const mail = api.outbox.filter((m) => m.to === email && /code/i.test(m.subject)).pop();
  return mail?.text.match(/\b(\d{6})\b/)?.[1];
};
async function makeUser() {
  const email = `reset-${++n}-${Date.now()}@example.com`;
  const rows = await api.db.db.query<{ id: number }>(
    "INSERT INTO users (email, password_hash, role) VALUES ($1, $2, 'admin') RETURNING id",
    [email, await hashPassword(OLD)],
  );
  return { id: rows[0]!.id, email };
}
const loginStatus = async (email: string, password: string) =>
  (await postJson(loginApi, { email, password })).status;
const sessionOk = async (cookie: string) =>
  (
    (await (await api.call(checkSessionApi, { cookie })).json()) as {
      loggedIn: boolean;
    }
  ).loggedIn;

beforeAll(async () => {
  api = await apiHarness({ now: () => clock ?? new Date() });
});
beforeEach(() => {
  api.outbox.length = 0;
  clock = undefined;
});
afterAll(() => api.close());

describe("POST /api/forgot-password", () => {
  it("answers the same message whether or not the account exists, and mails only a real account", async () => {
    const u = await makeUser();
    const known = await postJson(forgotPasswordApi, { email: u.email });
    const unknown = await postJson(forgotPasswordApi, {
      email: `nobody-${Date.now()}@example.com`,
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual({ message: FORGOT_MESSAGE });
    expect(await unknown.json()).toEqual({ message: FORGOT_MESSAGE });
    expect(api.outbox.map((m) => m.to)).toEqual([u.email]);
    expect(codeFor(u.email)).toMatch(/^\d{6}$/);
  });

  it("stores only a hash of the code", async () => {
    const u = await makeUser();
    await postJson(forgotPasswordApi, { email: u.email });
    const code = codeFor(u.email)!;
    const rows = await api.db.db.query<{ code_hash: string }>(
      "SELECT code_hash FROM email_codes WHERE email = $1",
      [u.email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code_hash).not.toContain(code);
    expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("requires an e-mail ('Email is required.') and sends at most one code a minute", async () => {
    const empty = await postJson(forgotPasswordApi, { email: "" });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ error: "Email is required." });
    const u = await makeUser();
    expect((await postJson(forgotPasswordApi, { email: u.email })).status).toBe(200);
    const again = await postJson(forgotPasswordApi, { email: u.email });
    expect(again.status).toBe(429);
    expect(again.headers.get("retry-after")).toBeTruthy();
  });

  it("is rate limited per client address", async () => {
    process.env.RATE_LIMITS = "on";
    await clearOfWindowEdge();
    resetEnv();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++)
        statuses.push(
          (await postJson(forgotPasswordApi, { email: `many-${i}-${Date.now()}@example.com` })).status,
        );
      expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
      expect(statuses[10]).toBe(429);
    } finally {
      process.env.RATE_LIMITS = "off";
      resetEnv();
    }
  });
});

describe("POST /api/reset-password", () => {
  it("resets with the mailed code: new password works, old does not, every session ends, the user is told", async () => {
    const u = await makeUser();
    const app = appFor(api.db.db);
    const cookies = [await createSession(app, u.id), await createSession(app, u.id)].map(
      (tk) => `${SESSION_COOKIE}=${tk}`,
    );
    await postJson(forgotPasswordApi, { email: u.email });
    const res = await postJson(resetPasswordApi, {
      email: u.email,
      otp: codeFor(u.email),
      new_password: NEW,
      confirm_password: NEW,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: "Password successfully reset! You can now log in." });
    for (const c of cookies) expect(await sessionOk(c)).toBe(false);
    expect(await loginStatus(u.email, OLD)).toBe(401);
    expect(await loginStatus(u.email, NEW)).toBe(200);
    const notice = api.outbox.find((m) => m.subject === "Your password was changed");
    expect(notice?.to).toBe(u.email);
    expect(notice?.text).not.toContain(NEW);
  });

  it("uses a code once", async () => {
    const u = await makeUser();
    await postJson(forgotPasswordApi, { email: u.email });
    const otp = codeFor(u.email);
    const body = { email: u.email, otp, new_password: NEW, confirm_password: NEW };
    expect((await postJson(resetPasswordApi, body)).status).toBe(200);
    const again = await postJson(resetPasswordApi, {
      ...body,
      new_password: "third-password-3",
      confirm_password: "third-password-3",
    });
    expect(again.status).toBe(400);
  });

  it("voids the code after 5 wrong tries", async () => {
    const u = await makeUser();
    await postJson(forgotPasswordApi, { email: u.email });
    const otp = codeFor(u.email)!;
    const wrong = otp === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      const r = await postJson(resetPasswordApi, {
        email: u.email,
        otp: wrong,
        new_password: NEW,
        confirm_password: NEW,
      });
      expect(r.status).toBe(400);
    }
    const right = await postJson(resetPasswordApi, {
      email: u.email,
      otp,
      new_password: NEW,
      confirm_password: NEW,
    });
    expect(right.status).toBe(400);
    expect(await loginStatus(u.email, OLD)).toBe(200);
  });

  it("refuses a code older than 10 minutes", async () => {
    const u = await makeUser();
    await postJson(forgotPasswordApi, { email: u.email });
    clock = new Date(Date.now() + 10 * 60_000 + 1000);
    const r = await postJson(resetPasswordApi, {
      email: u.email,
      otp: codeFor(u.email),
      new_password: NEW,
      confirm_password: NEW,
    });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { error: string }).error).toMatch(/expired/);
  });

  it("checks the fields with the SPEC messages and the password rules before using the code", async () => {
    const u = await makeUser();
    await postJson(forgotPasswordApi, { email: u.email });
    const otp = codeFor(u.email)!;
    const err = async (body: unknown) =>
      ((await (await postJson(resetPasswordApi, body)).json()) as { error: string }).error;
    expect(await err({ email: u.email, otp, new_password: NEW })).toBe("All fields are required.");
    expect(await err({ email: u.email, otp: "", new_password: NEW, confirm_password: NEW })).toBe(
      "All fields are required.",
    );
    expect(await err({ email: u.email, otp, new_password: NEW, confirm_password: `${NEW}x` })).toBe(
      "Passwords do not match.",
    );
    expect(await err({ email: u.email, otp, new_password: "short", confirm_password: "short" })).toMatch(
      /at least 12/,
    );
    expect(
      await err({ email: u.email, otp, new_password: "password1234", confirm_password: "password1234" }),
    ).toMatch(/too common/);
    // None of these used the code up.
    const ok = await postJson(resetPasswordApi, {
      email: u.email,
      otp,
      new_password: NEW,
      confirm_password: NEW,
    });
    expect(ok.status).toBe(200);
  });

  it("lifts a login lock, so a locked-out user always has a way in", async () => {
    const u = await makeUser();
    for (let i = 0; i < LOGIN_POLICY.lockAfter; i++) await loginStatus(u.email, "wrong-password-x");
    expect(await loginStatus(u.email, OLD)).toBe(429);
    clock = new Date(Date.now() + 61_000); // the lock mail's minute has passed for the code limit
    await postJson(forgotPasswordApi, { email: u.email });
    const r = await postJson(resetPasswordApi, {
      email: u.email,
      otp: codeFor(u.email),
      new_password: NEW,
      confirm_password: NEW,
    });
    expect(r.status).toBe(200);
    expect(await loginStatus(u.email, NEW)).toBe(200);
  });
});
