/**
 * The holes of the outside review, each closed: per-network limits for IPv6, daily caps on codes
 * and wrong tries with a notice to the owner, bodies counted while read and refused before they
 * are read, applications bound to the verifier's token, the common-password list, and sign-in
 * and password recovery that take the same path for real and unknown e-mails.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { settled } from "../../src/server/http/endpoint";
import { createApp } from "../../src/server/http/app";
import { CODES_PER_DAY, WRONG_TRIES_PER_DAY } from "../../src/server/common/policies";
import { resetEnv } from "../../src/server/platform/env";
import { parseBody } from "../../src/server/http/body";
import { LOCKED_MESSAGE } from "../../src/server/staff/login-guard";
import { LOGIN_POLICY } from "../../src/server/common/policies";
import type { Db } from "../../src/server/platform/db/db";
import { hashPassword } from "../../src/server/common/passwords";
import type { Contract } from "../../src/shared/api/contract";
import {
  addFaqApi,
  sendEmailOtpApi,
  submitApplicationApi,
  verifyEmailOtpApi,
} from "../../src/shared/careers/api";
import {
  addUserApi,
  checkSessionApi,
  endSessionApi,
  forgotPasswordApi,
  loginApi,
  resetPasswordApi,
  sessionsApi,
} from "../../src/shared/staff/api";
import { seed } from "../../scripts/seed/seed";
import { apiHarness, type ApiHarness } from "../helpers/api";
import { clearOfWindowEdge } from "../helpers/rate-window";

// Every sign-in compares a bcrypt hash: on a busy two-core machine a dozen take a while.
vi.setConfig({ testTimeout: 120_000 });

const SITE = "http://localhost:4321";
let api: ApiHarness;
let db: Db;
let clock: Date;
/** Mail waits for this before it is delivered (a slow mail service, held as long as a test needs). */
let mailGate: Promise<void> = Promise.resolve();
let n = 0;

/** A POST of `body` from the client at `ip`. */
const postJson = (c: Contract, body: unknown, ip = "198.51.100.7", headers: Record<string, string> = {}) =>
  api.call(c, { body, headers, context: { ip } });
const errorOf = async (r: Response) => ((await r.json()) as { error: string }).error;
const codeIn = (email: string) =>
  api.outbox
    .filter((m) => m.to === email)
    .map((m) => m.text.match(/\b(\d{6})\b/)?.[1])
    .filter(Boolean)
    .at(-1);

beforeAll(async () => {
  api = await apiHarness({
    now: () => clock,
    mail: {
      send: async (m) => {
        await mailGate;
        api.outbox.push(m);
      },
    },
  });
  db = api.db.db;
  await seed(db);
}, 180_000);
beforeEach(() => {
  api.outbox.length = 0;
  mailGate = Promise.resolve();
  clock = new Date("2026-03-02T08:00:00Z");
});
afterEach(() => {
  process.env.RATE_LIMITS = "off";
  resetEnv();
});
afterAll(() => api.close());

describe("per-address limits count an IPv6 client by its /64", () => {
  it("gives two addresses of one /64 one key, and other /64s and IPv4 keys of their own", () => {
    const key = (ip: string) => createApp(new Request(SITE), { ip }, api.ports).clientKey;
    expect(key("2001:db8:aa:bb::1")).toBe(key("2001:db8:aa:bb:ffff:eeee:dddd:cccc"));
    expect(key("2001:db8:aa:bb::1")).toBe(key("2001:0DB8:00aa:00bb:0:0:0:2"));
    expect(key("2001:db8:aa:bb::1")).not.toBe(key("2001:db8:aa:bc::1"));
    expect(key("::ffff:192.0.2.1")).toBe(key("192.0.2.1"));
    expect(key("192.0.2.1")).not.toBe(key("192.0.2.2"));
  });

  it("refuses the 6th question of an hour from a /64 whatever address of it asks", async () => {
    process.env.RATE_LIMITS = "on";
    await clearOfWindowEdge();
    resetEnv();
    const ask = (i: number) =>
      postJson(addFaqApi, { question: `Do you hire remote engineers? (${i})` }, `2001:db8:5:6::${i + 1}`);
    for (let i = 0; i < 5; i++) expect((await ask(i)).status).toBe(201);
    expect((await ask(99)).status).toBe(429);
    // Another network is not affected.
    expect((await postJson(addFaqApi, { question: "And interns?" }, "2001:db8:5:7::1")).status).toBe(201);
  });
});

describe("codes: a daily cap per e-mail address, then refusal until tomorrow and a notice", () => {
  it(`sends at most ${CODES_PER_DAY} application codes a day to one address, then 429 and one notice`, async () => {
    const email = `daily-${++n}@example.org`;
    for (let i = 0; i < CODES_PER_DAY; i++) {
      expect((await postJson(sendEmailOtpApi, { email })).status).toBe(200);
      clock = new Date(clock.getTime() + 61_000);
    }
    const refused = await postJson(sendEmailOtpApi, { email });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: string }).error).toMatch(/today.*tomorrow/);
    clock = new Date(clock.getTime() + 61_000);
    expect((await postJson(sendEmailOtpApi, { email })).status).toBe(429);
    await settled();
    const mails = api.outbox.filter((m) => m.to === email);
    expect(mails.filter((m) => /code/i.test(m.subject) && !/paused/i.test(m.subject))).toHaveLength(
      CODES_PER_DAY,
    );
    expect(mails.filter((m) => /paused/i.test(m.subject))).toHaveLength(1);
    // The next UTC day the address may ask again.
    clock = new Date("2026-03-03T00:00:30Z");
    expect((await postJson(sendEmailOtpApi, { email })).status).toBe(200);
  });

  it(`accepts at most ${WRONG_TRIES_PER_DAY} wrong reset codes a day per address, then refuses even the right one`, async () => {
    const email = `root-${++n}@example.com`;
    await db.query("INSERT INTO users (email, password_hash, role) VALUES ($1, $2, 'root_admin')", [
      email,
      await hashPassword("the-old-password-1"),
    ]);
    let wrongs = 0;
    for (let round = 0; wrongs < WRONG_TRIES_PER_DAY; round++) {
      expect((await postJson(forgotPasswordApi, { email })).status).toBe(200);
      await settled();
      const code = codeIn(email)!;
      const wrong = code === "999999" ? "000000" : "999999";
      for (let i = 0; i < 5 && wrongs < WRONG_TRIES_PER_DAY; i++, wrongs++) {
        const r = await postJson(resetPasswordApi, {
          email,
          otp: wrong,
          new_password: "a-brand-new-password-2",
          confirm_password: "a-brand-new-password-2",
        });
        expect(r.status).toBe(400);
      }
      clock = new Date(clock.getTime() + 61_000);
    }
    // A new code cannot be had, and a right code would not be taken either.
    const more = await postJson(forgotPasswordApi, { email });
    expect(more.status).toBe(429);
    await settled();
    expect(api.outbox.filter((m) => m.to === email && /paused/i.test(m.subject))).toHaveLength(1);
  });
});

describe("a password change from Profile Settings needs the current password", () => {
  // tests/api/auth-users.test.ts drives the endpoint; the root_admin path stays as it was:
  it("lets a root_admin set another user's password without it", async () => {
    const res = await api.call(addUserApi, {
      as: "root_admin",
      body: { email: `set-${++n}@example.com`, password: "a-good-long-password" },
    });
    expect(res.status).toBe(201);
  });
});

describe("request bodies are counted while read", () => {
  function endless(chunk = 64 * 1024, total = 40 * 1024 * 1024) {
    const pulled = { bytes: 0 };
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled.bytes >= total) return controller.close();
        pulled.bytes += chunk;
        controller.enqueue(new Uint8Array(chunk).fill(0x61));
      },
    });
    return { body, pulled };
  }

  it("stops a chunked JSON body at the limit with 413, without reading the rest", async () => {
    const { body, pulled } = endless();
    const req = new Request(`${SITE}/api/x`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
      duplex: "half",
    } as RequestInit);
    await expect(parseBody(req)).rejects.toMatchObject({ status: 413 });
    expect(pulled.bytes).toBeLessThan(2 * 1024 * 1024);
  });

  it("stops a chunked multipart body at the limit with 413, without reading the rest", async () => {
    const { body, pulled } = endless();
    const req = new Request(`${SITE}/api/x`, {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=XyZ" },
      body,
      duplex: "half",
    } as RequestInit);
    await expect(parseBody(req, { files: true })).rejects.toMatchObject({ status: 413 });
    expect(pulled.bytes).toBeLessThan(6 * 1024 * 1024);
  });

  it("refuses an application without the verification token before reading its body", async () => {
    const { body, pulled } = endless();
    const res = await api.send(
      new Request(`${SITE}/api/submit-application`, {
        method: "POST",
        headers: { "content-type": "multipart/form-data; boundary=XyZ", origin: SITE },
        body,
        duplex: "half",
      } as RequestInit),
    );
    expect(res.status).toBe(403);
    expect(pulled.bytes).toBeLessThanOrEqual(64 * 1024);
  });
});

describe("an application is bound to the person who verified the address", () => {
  it("refuses an application for a verified address from a browser without the verifier's token", async () => {
    const email = `victim-${++n}@example.org`;
    expect((await postJson(sendEmailOtpApi, { email })).status).toBe(200);
    const ok = await postJson(verifyEmailOtpApi, { email, code: codeIn(email) });
    expect(await ok.json()).toEqual({ success: true });
    const cookie = ok.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^__Host-apply=[\w-]{40,};/);
    for (const attr of ["HttpOnly", "Secure", "SameSite=Strict", "Path=/", "Max-Age=1800"])
      expect(cookie).toContain(attr);
    const form = new FormData();
    for (const [k, v] of Object.entries({
      firstName: "Mallory",
      lastName: "Intruder",
      email,
      mobile: "+919876543210",
      nativePlace: "Pune",
      gender: "Other",
      totalExperience: "3",
      itExperience: "2",
      currentCompany: "Elsewhere",
      skills: "Go",
    }))
      form.set(k, v);
    form.set("resume", new File(["%PDF-1.4\n%%EOF\n"], "cv.pdf", { type: "application/pdf" }));
    const res = await api.call(submitApplicationApi, { form });
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toMatch(/verify/i);
    expect(await db.query("SELECT 1 FROM applications WHERE email = $1", [email])).toHaveLength(0);
  });
});

describe("new passwords are checked against a real list of common and breached passwords", () => {
  const add = (email: string, password: string) =>
    api.call(addUserApi, { as: "root_admin", body: { email, password } });

  it.each(["qwertyuiop123", "1q2w3e4r5t6y7u", "ILOVEYOU1234", "thisisapassword"])(
    "refuses %j (on the list, 12+ characters)",
    async (pw) => {
      const res = await add(`list-${++n}@example.com`, pw);
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toMatch(/too common/);
    },
  );

  it("refuses the site's name and parts of the user's e-mail, accepts an unrelated passphrase", async () => {
    expect((await add(`site-${++n}@example.com`, "Nimbus-Cloud-Ops-2026")).status).toBe(400);
    expect((await add(`priya.raman${++n}@acme-widgets.com`, "priya-raman-secret")).status).toBe(400);
    expect((await add(`p${++n}@acmewidgets.com`, "welcome-to-acmewidgets")).status).toBe(400);
    expect((await add(`ok-${++n}@example.com`, "violet-harbour-tram-42")).status).toBe(201);
  });
});

describe("real and unknown e-mails take the same path", () => {
  it("ages out a real account's failures after 15 minutes exactly like an unknown address's", async () => {
    const email = `aging-${++n}@example.com`;
    await db.query("INSERT INTO users (email, password_hash, role) VALUES ($1, $2, 'admin')", [
      email,
      await hashPassword("correct-horse-battery-staple"),
    ]);
    for (const who of [email, `nobody-${n}@example.com`]) {
      for (let i = 0; i < LOGIN_POLICY.lockAfter - 1; i++)
        expect((await postJson(loginApi, { email: who, password: "wrong-password" })).status).toBe(401);
      clock = new Date(clock.getTime() + 16 * 60_000);
      for (let i = 0; i < 2; i++)
        expect((await postJson(loginApi, { email: who, password: "wrong-password" })).status).toBe(401);
    }
    const res = await postJson(loginApi, { email, password: "correct-horse-battery-staple" });
    expect(res.status).toBe(200);
  });

  it("answers forgot-password before the mail work, so a real account's answer is not slower", async () => {
    const email = `timing-${++n}@example.com`;
    await db.query("INSERT INTO users (email, password_hash, role) VALUES ($1, $2, 'admin')", [
      email,
      await hashPassword("correct-horse-battery-staple"),
    ]);
    let release!: () => void;
    mailGate = new Promise((r) => (release = r)); // the mail service has not answered yet
    const res = await postJson(forgotPasswordApi, { email });
    expect(res.status).toBe(200);
    expect(api.outbox).toHaveLength(0);
    release();
    await settled();
    expect(api.outbox.map((m) => m.to)).toEqual([email]);
  });

  it("locks after 10 guesses and tells the owner after the answer", async () => {
    const email = `lock-${++n}@example.com`;
    await db.query("INSERT INTO users (email, password_hash, role) VALUES ($1, $2, 'admin')", [
      email,
      await hashPassword("correct-horse-battery-staple"),
    ]);
    for (let i = 0; i < LOGIN_POLICY.lockAfter; i++)
      await postJson(loginApi, { email, password: "wrong-password" });
    const locked = await postJson(loginApi, { email, password: "correct-horse-battery-staple" });
    expect(locked.status).toBe(429);
    expect(await errorOf(locked)).toBe(LOCKED_MESSAGE);
    await settled();
    expect(api.outbox.filter((m) => m.to === email).map((m) => m.subject)).toEqual([
      "Sign-in to your account was paused",
    ]);
  });
});

describe("staff sessions: the owner sees and ends their own", () => {
  const CHROME =
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
  const IPHONE =
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
  const signIn = async (email: string, ua: string, ip: string) => {
    const res = await postJson(loginApi, { email, password: "correct-horse-battery-staple" }, ip, {
      "user-agent": ua,
    });
    expect(res.status).toBe(200);
    return res.headers.get("set-cookie")!.split(";")[0]!;
  };
  /** The list (GET), or one session (DELETE), or either with the other's method. */
  const call = (cookie: string, method = "GET", id?: string) =>
    id
      ? api.call(endSessionApi, { cookie, method, params: { id } })
      : api.call(sessionsApi, { cookie, method });
  type Listed = {
    id: string;
    device: string;
    address: string | null;
    current: boolean;
    last_seen_at: string;
  };
  const listOf = async (cookie: string) =>
    ((await (await call(cookie)).json()) as { sessions: Listed[] }).sessions;
  const loggedIn = async (cookie: string) =>
    (
      (await (await api.call(checkSessionApi, { cookie })).json()) as {
        loggedIn: boolean;
      }
    ).loggedIn;

  it("lists device, address and last seen of each active session, and ends the one chosen", async () => {
    const email = `devices-${++n}@example.com`;
    await db.query("INSERT INTO users (email, password_hash, role) VALUES ($1, $2, 'reader')", [
      email,
      await hashPassword("correct-horse-battery-staple"),
    ]);
    const laptop = await signIn(email, CHROME, "203.0.113.40");
    const phone = await signIn(email, IPHONE, "2001:db8:77::5");
    const list = await listOf(laptop);
    expect(list).toHaveLength(2);
    expect(list.find((s) => s.current)).toMatchObject({ device: "Chrome on Linux", address: "203.0.113.40" });
    expect(list.find((s) => !s.current)).toMatchObject({
      device: "Safari on iOS",
      address: "2001:db8:77::5",
    });
    // The handle is not the session's secret id.
    const rows = await db.query<{ id: string }>(
      "SELECT s.id FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1",
      [email],
    );
    for (const r of rows) expect(list.map((s) => s.id)).not.toContain(r.id);
    // Someone else's session cannot be ended by its handle.
    const phoneId = list.find((s) => !s.current)!.id;
    expect((await call(api.staff.headers.root_admin.cookie!, "DELETE", phoneId)).status).toBe(404);
    expect(await loggedIn(phone)).toBe(true);
    const ended = await call(laptop, "DELETE", phoneId);
    expect(ended.status).toBe(200);
    expect(await loggedIn(phone)).toBe(false);
    expect(await loggedIn(laptop)).toBe(true);
    expect(await listOf(laptop)).toHaveLength(1);
    // An ended session keeps neither the device nor the address.
    const kept = await db.query<{ user_agent: string | null; client_address: string | null }>(
      "SELECT user_agent, client_address FROM sessions WHERE revoked_at IS NOT NULL AND public_id = $1",
      [phoneId],
    );
    expect(kept).toEqual([{ user_agent: null, client_address: null }]);
  });

  it("refuses the list without a session", async () => {
    expect((await call("")).status).toBe(401);
  });

  it("takes GET at the list's address and DELETE at a session's only, and refuses a malformed handle", async () => {
    const cookie = api.staff.headers.reader.cookie!;
    const listDeleted = await call(cookie, "DELETE");
    expect([listDeleted.status, listDeleted.headers.get("allow")]).toEqual([405, "GET"]);
    expect(await listDeleted.json()).toEqual({ error: "Use GET for this address." });
    const oneListed = await call(cookie, "GET", "abcdefghijkl");
    expect([oneListed.status, oneListed.headers.get("allow")]).toEqual([405, "DELETE"]);
    const malformed = await call(cookie, "DELETE", "short");
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: "The session id is not valid." });
  });
});
