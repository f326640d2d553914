/** POST /api/login, check-session and logout: answers, session cookie, failure counting and locks. */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { settled } from "../../src/server/http/endpoint";
import { SESSION_ABSOLUTE_SECONDS, SESSION_IDLE_SECONDS } from "../../src/server/common/session-token";
import { resetEnv } from "../../src/server/platform/env";
import { CLIENT_LIMITS } from "../../src/server/common/policies";
import { attemptKey, failureDelayMs, LOCKED_MESSAGE } from "../../src/server/staff/login-guard";
import { LOGIN_POLICY } from "../../src/server/common/policies";
import bcrypt from "bcryptjs";
import { hashPassword } from "../../src/server/common/passwords";
import { DUMMY_HASH } from "../../src/server/staff/credentials";
import { checkSessionApi, loginApi, logoutApi } from "../../src/shared/staff/api";
import { apiHarness, type ApiHarness, type CallOptions } from "../helpers/api";
import { clearOfWindowEdge } from "../helpers/rate-window";

// Every sign-in compares a bcrypt hash: on a busy two-core machine a dozen take a while.
vi.setConfig({ testTimeout: 120_000 });

const SITE = "http://localhost:4321";
const PASSWORD = "correct-horse-battery-staple";
let api: ApiHarness;
let clock: Date | undefined;
let waits: number[] = [];
let n = 0;

async function makeUser(role = "admin") {
  const email = `login-${++n}-${Date.now()}@example.com`;
  const rows = await api.db.db.query<{ id: number }>(
    "INSERT INTO users (email, password_hash, role) VALUES ($1, $2, $3) RETURNING id",
    [email, await hashPassword(PASSWORD), role],
  );
  return { id: rows[0]!.id, email };
}

async function post(body: unknown, headers: Record<string, string> = {}, ports?: CallOptions["ports"]) {
  const res = await api.call(loginApi, { body, headers, ports });
  await settled(); // mail goes out after the answer
  return res;
}

const attemptsOf = async (email: string) =>
  Number(
    (
      await api.db.db.query<{ attempts: number }>("SELECT attempts FROM login_attempts WHERE key = $1", [
        attemptKey({ secret: process.env.SESSION_SECRET! }, email),
      ])
    )[0]?.attempts ?? 0,
  );

const cookieOf = (res: Response) => res.headers.get("set-cookie")?.split(";")[0] ?? "";
const sessionOk = async (cookie: string) =>
  (
    (await (await api.call(checkSessionApi, { cookie })).json()) as {
      loggedIn: boolean;
    }
  ).loggedIn;

beforeAll(async () => {
  api = await apiHarness({
    now: () => clock ?? new Date(),
    // The answer delay after wrong passwords is recorded, not waited.
    sleep: async (ms) => void waits.push(ms),
  });
});
beforeEach(() => {
  api.outbox.length = 0;
  clock = undefined;
  waits = [];
});
afterAll(() => api.close());

describe("POST /api/login", () => {
  it("answers { role } and a __Host- session cookie with the required attributes", async () => {
    const u = await makeUser("reader");
    const res = await post({ email: u.email.toUpperCase(), password: PASSWORD });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ role: "reader" });
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^__Host-session=[\w-]+\.[\w-]+\.[\w-]+;/);
    for (const attr of [
      "HttpOnly",
      "Secure",
      "SameSite=Strict",
      "Path=/",
      `Max-Age=${SESSION_ABSOLUTE_SECONDS}`,
    ])
      expect(cookie).toContain(attr);
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(await sessionOk(cookieOf(res))).toBe(true);
  });

  it("gives the same answer for an unknown e-mail and a wrong password", async () => {
    const u = await makeUser();
    const wrong = await post({ email: u.email, password: "not-the-password" });
    const unknown = await post({ email: `nobody-${Date.now()}@example.com`, password: "not-the-password" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: "Invalid credentials" });
    expect(await unknown.json()).toEqual({ error: "Invalid credentials" });
    expect(wrong.headers.get("set-cookie")).toBeNull();
  });

  it("compares a bcrypt hash of the same cost for an unknown e-mail as for a wrong password", async () => {
    // The cost is what makes the time: the stand-in hash must cost what a stored one does.
    expect(bcrypt.getRounds(DUMMY_HASH)).toBe(bcrypt.getRounds(await hashPassword("any password at all")));
    const u = await makeUser();
    const time = async (email: string) => {
      const start = performance.now();
      await post({ email, password: "not-the-password" });
      return performance.now() - start;
    };
    await time(u.email); // warm up
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      known.push(await time(u.email));
      unknown.push(await time(`nobody-${i}-${Date.now()}@example.com`));
    }
    const med = (a: number[]) => a.sort((x, y) => x - y)[1]!;
    // Without the stand-in hash an unknown e-mail answers in a few milliseconds, against 100 ms or
    // more for a bcrypt comparison of cost 11: a ratio near 0.02. The bound leaves room for a busy
    // two-core machine, where one comparison can take twice as long as the next.
    expect(med(unknown)).toBeGreaterThan(med(known) * 0.25);
  });

  it("issues a new session at every login and ends the one the browser had", async () => {
    const u = await makeUser();
    const first = cookieOf(await post({ email: u.email, password: PASSWORD }));
    const second = cookieOf(await post({ email: u.email, password: PASSWORD }, { cookie: first }));
    expect(second).not.toBe(first);
    expect(await sessionOk(second)).toBe(true);
    expect(await sessionOk(first)).toBe(false);
    const rows = await api.db.db.query("SELECT id FROM sessions WHERE user_id = $1", [u.id]);
    expect(rows).toHaveLength(2);
  });

  it("counts failures on the account, locks it after 10 and clears the count on success", async () => {
    const u = await makeUser();
    for (let i = 0; i < 3; i++)
      expect((await post({ email: u.email, password: "wrong-password" })).status).toBe(401);
    expect(await attemptsOf(u.email)).toBe(3);
    expect((await post({ email: u.email, password: PASSWORD })).status).toBe(200);
    expect(await attemptsOf(u.email)).toBe(0);

    for (let i = 0; i < LOGIN_POLICY.lockAfter; i++)
      await post({ email: u.email, password: "wrong-password" });
    const locked = await post({ email: u.email, password: PASSWORD });
    expect(locked.status).toBe(429);
    expect(((await locked.json()) as { error: string }).error).toBe(LOCKED_MESSAGE);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
    // The owner is told, with the way back in.
    expect(api.outbox.map((m) => m.to)).toEqual([u.email]);
    expect(api.outbox[0]!.text).toMatch(/Forgot Password/);
  });

  it("lifts the lock by itself after 15 minutes (a lock is never permanent)", async () => {
    const u = await makeUser();
    for (let i = 0; i < LOGIN_POLICY.lockAfter; i++)
      await post({ email: u.email, password: "wrong-password" });
    expect((await post({ email: u.email, password: PASSWORD })).status).toBe(429);
    clock = new Date(Date.now() + 14 * 60_000);
    expect((await post({ email: u.email, password: PASSWORD })).status).toBe(429);
    clock = new Date(Date.now() + 15 * 60_000 + 5_000);
    expect((await post({ email: u.email, password: PASSWORD })).status).toBe(200);
  });

  it("locks an unknown e-mail the same way, so a lock does not reveal that an account exists", async () => {
    const email = `ghost-${Date.now()}@example.com`;
    const answers: number[] = [];
    for (let i = 0; i <= LOGIN_POLICY.lockAfter; i++)
      answers.push((await post({ email, password: "guess-guess" })).status);
    expect(answers.slice(0, LOGIN_POLICY.lockAfter).every((s) => s === 401)).toBe(true);
    const last = await post({ email, password: "guess-guess" });
    expect(last.status).toBe(429);
    expect(((await last.json()) as { error: string }).error).toBe(LOCKED_MESSAGE);
  });

  it("answers later failures with a growing delay, waited before the answer", async () => {
    expect([1, 2, 3, 4, 5, 6, 9].map((k) => failureDelayMs(k))).toEqual([0, 0, 250, 500, 1000, 2000, 4000]);
    const u = await makeUser();
    for (let i = 0; i < 5; i++) await post({ email: u.email, password: "wrong-password" });
    expect(waits).toEqual([0, 0, 250, 500, 1000]);
    // The 6th failure's delay is held: its answer does not arrive until the wait ends.
    let release: (() => void) | undefined;
    const held = { sleep: () => new Promise<void>((resolve) => (release = resolve)) };
    let answered = false;
    const answer = post({ email: u.email, password: "wrong-password" }, {}, held).then((res) => {
      answered = true;
      return res;
    });
    await vi.waitFor(() => expect(release).toBeDefined(), { timeout: 30_000 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(answered).toBe(false);
    release!();
    expect((await answer).status).toBe(401);
  });

  it("limits attempts per client address with 429 (rate_limits in the database)", async () => {
    process.env.RATE_LIMITS = "on";
    await clearOfWindowEdge();
    resetEnv();
    CLIENT_LIMITS.login.max = 5;
    try {
      const ip = { "x-forwarded-for": "203.0.113.77" };
      const statuses: number[] = [];
      for (let i = 0; i <= CLIENT_LIMITS.login.max; i++)
        statuses.push((await post({ email: `x${i}@example.com`, password: "whatever-wrong" }, ip)).status);
      expect(statuses.slice(0, CLIENT_LIMITS.login.max).every((s) => s === 401)).toBe(true);
      expect(statuses[CLIENT_LIMITS.login.max]).toBe(429);
      // Another address is not affected.
      expect(
        (
          await post(
            { email: "y@example.com", password: "whatever-wrong" },
            { "x-forwarded-for": "198.51.100.5" },
          )
        ).status,
      ).toBe(401);
    } finally {
      CLIENT_LIMITS.login.max = 30;
      process.env.RATE_LIMITS = "off";
      resetEnv();
    }
  }, 120_000);

  it("logs every attempt without the password", async () => {
    const u = await makeUser();
    const lines: string[] = [];
    const spy = vi.spyOn(console, "log").mockImplementation((l: string) => void lines.push(l));
    process.env.LOG_LEVEL = "info";
    try {
      await post({ email: u.email, password: "a-secret-wrong-one" });
      await post({ email: u.email, password: PASSWORD });
    } finally {
      process.env.LOG_LEVEL = "silent";
      spy.mockRestore();
    }
    const text = lines.join("\n");
    expect(lines.filter((l) => /"msg":"login( failed)?"/.test(l))).toHaveLength(2);
    expect(text).not.toContain("a-secret-wrong-one");
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(u.email);
  });

  it("refuses a foreign Origin, bad bodies and other methods with JSON 4xx", async () => {
    expect((await post({ email: "a@b.co", password: "x" }, { origin: "https://evil.example" })).status).toBe(
      403,
    );
    expect((await post({ email: "" })).status).toBe(400);
    const bad = await api.send(
      new Request(`${SITE}/api/login`, {
        method: "POST",
        body: "x",
        headers: { "content-type": "text/plain" },
      }),
    );
    expect(bad.status).toBe(415);
    expect((await api.call(loginApi, { method: "GET" })).status).toBe(405);
  });
});

describe("sessions", () => {
  it("end after 30 idle minutes and after 8 hours even when active", async () => {
    const u = await makeUser();
    const start = Date.now();
    const cookie = cookieOf(await post({ email: u.email, password: PASSWORD }));
    clock = new Date(start + (SESSION_IDLE_SECONDS - 60) * 1000);
    expect(await sessionOk(cookie)).toBe(true);
    clock = new Date(start + (2 * SESSION_IDLE_SECONDS - 120) * 1000);
    expect(await sessionOk(cookie)).toBe(true); // touched above, so still within the idle time
    clock = new Date(start + (3 * SESSION_IDLE_SECONDS + 60) * 1000);
    expect(await sessionOk(cookie)).toBe(false);

    clock = undefined;
    const active = cookieOf(await post({ email: u.email, password: PASSWORD }));
    for (let m = 25; m < 8 * 60; m += 25) {
      clock = new Date(start + m * 60_000);
      expect(await sessionOk(active)).toBe(true);
    }
    clock = new Date(start + SESSION_ABSOLUTE_SECONDS * 1000 + 60_000);
    expect(await sessionOk(active)).toBe(false);
  });

  it("logout ends the session on the server and clears the cookie", async () => {
    const u = await makeUser();
    const cookie = cookieOf(await post({ email: u.email, password: PASSWORD }));
    const res = await api.call(logoutApi, { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toMatch(/Max-Age=0/);
    expect(await sessionOk(cookie)).toBe(false);
  });

  it("a forged or tampered token is no session", async () => {
    const u = await makeUser();
    const cookie = cookieOf(await post({ email: u.email, password: PASSWORD }));
    const tampered = cookie.slice(0, -3) + (cookie.endsWith("AAA") ? "BBB" : "AAA");
    expect(await sessionOk(tampered)).toBe(false);
    expect(await sessionOk("__Host-session=not.a.token")).toBe(false);
  });
});
