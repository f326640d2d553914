/**
 * Passwords are no longer than what bcrypt reads (72 bytes of UTF-8), and their length is counted
 * in characters as a person counts them (code points). A password over 72 bytes is refused when it
 * is set, and never matches at sign-in, so no ending is ignored.
 */
import bcrypt from "bcryptjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import addUserFn from "../../netlify/functions/add-user";
import loginFn from "../../netlify/functions/login";
import resetPasswordFn from "../../netlify/functions/reset-password";
import { callAsPlatform } from "../../scripts/lib/functions";
import {
  PASSWORD_MAX_BYTES,
  PASSWORD_MIN,
  PASSWORD_TOO_LONG,
  passwordProblem,
} from "../../src/shared/staff/password-rules";
import { apiDb, type TestDb } from "../helpers/db";
import { createStaffCookies, type StaffCookies } from "../helpers/staff-matrix";
import { noWait, withPorts, type GivenPorts } from "../helpers/ports";

/** The back ends every call of this file's functions gets (tests/helpers/ports.ts). */
let ports: GivenPorts = {};
const addUser = withPorts(addUserFn, () => ports);
const login = withPorts(loginFn, () => ports);
const resetPassword = withPorts(resetPasswordFn, () => ports);

const SITE = "http://localhost:4321";
type H = (r: Request) => Promise<Response>;
let t: TestDb;
let staff: StaffCookies;

const call = (h: H, p: string, body: unknown, cookie?: string) =>
  callAsPlatform(
    h,
    new Request(`${SITE}${p}`, {
      method: "POST",
      headers: { origin: SITE, "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    }),
  );

beforeAll(async () => {
  t = await apiDb();
  ports = { db: t.db, mail: { send: async () => {} }, sleep: noWait };
  staff = await createStaffCookies(t.db);
}, 120_000);
afterAll(async () => {
  await t.close();
});

// A passphrase of 118 characters: its first 72 are all bcrypt ever read.
const LONG =
  "correct horse battery staple, then a second verse about the harbour fog, then a third about lighthouses";
const LONG_118 = `${LONG}${"x".repeat(118 - LONG.length)}`;

describe("the rules count characters as people do and stop at bcrypt's 72 bytes", () => {
  it.each([
    [
      "six emoji are six characters, too short",
      "🔒".repeat(6),
      `The password must be at least ${PASSWORD_MIN} characters.`,
    ],
    ["twelve emoji (48 bytes) are enough", "🔒🐙🌊🚀🎈🍀🧭🪁🦉🌵🧩🎻", undefined],
    ["72 plain characters are the most", "k".repeat(71) + "!", undefined],
    ["73 plain characters are too many", "k".repeat(72) + "!", PASSWORD_TOO_LONG],
    ["19 emoji are 76 bytes, too many", "🔒🐙🌊🚀🎈🍀🧭🪁🦉🌵🧩🎻🔒🐙🌊🚀🎈🍀🧭", PASSWORD_TOO_LONG],
    ["the 118-character passphrase is too long", LONG_118, PASSWORD_TOO_LONG],
  ])("%s", (_, password, problem) => {
    expect(passwordProblem(password)).toBe(problem);
  });

  it("the message says what to do", () => {
    expect(PASSWORD_TOO_LONG).toContain(`${PASSWORD_MAX_BYTES} bytes`);
    expect(PASSWORD_TOO_LONG).toMatch(/shorten/i);
  });
});

describe("a password over 72 bytes", () => {
  it("is refused when an administrator sets it, with the message", async () => {
    const res = await call(
      addUser,
      "/api/add-user",
      { email: `long-${Date.now()}@example.com`, password: LONG_118, role: "reader" },
      staff.headers.root_admin.cookie,
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe(PASSWORD_TOO_LONG);
  });

  it("is refused by a password reset before the code is looked at", async () => {
    const res = await call(resetPassword, "/api/reset-password", {
      email: staff.users.reader.email,
      otp: "123456",
      new_password: LONG_118,
      confirm_password: LONG_118,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe(PASSWORD_TOO_LONG);
  });

  it("never signs in with its first 72 characters and another ending (an account set before the rule)", async () => {
    const email = `legacy-${Date.now()}@example.com`;
    await t.db.query("INSERT INTO users (email, password_hash, role) VALUES ($1, $2, 'reader')", [
      email,
      await bcrypt.hash(LONG_118, 4),
    ]);
    const otherEnding = `${LONG_118.slice(0, 72)}${"y".repeat(46)}`;
    expect((await call(login, "/api/login", { email, password: otherEnding })).status).toBe(401);
    expect((await call(login, "/api/login", { email, password: LONG_118 })).status).toBe(401);
  });
});
