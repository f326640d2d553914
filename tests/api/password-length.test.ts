/**
 * Passwords are no longer than what bcrypt reads (72 bytes of UTF-8), and their length is counted
 * in characters as a person counts them (code points). A password over 72 bytes is refused when it
 * is set, and never matches at sign-in, so no ending is ignored.
 */
import bcrypt from "bcryptjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PASSWORD_MAX_BYTES,
  PASSWORD_MIN,
  PASSWORD_TOO_LONG,
  passwordProblem,
} from "../../src/shared/staff/password-rules";
import { addUserApi, loginApi, resetPasswordApi } from "../../src/shared/staff/api";
import { apiHarness, type ApiHarness } from "../helpers/api";

let api: ApiHarness;
beforeAll(async () => {
  api = await apiHarness();
}, 120_000);
afterAll(() => api.close());

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
    const res = await api.call(addUserApi, {
      as: "root_admin",
      body: { email: `long-${Date.now()}@example.com`, password: LONG_118, role: "reader" },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe(PASSWORD_TOO_LONG);
  });

  it("is refused by a password reset before the code is looked at", async () => {
    const res = await api.call(resetPasswordApi, {
      body: {
        email: api.staff.users.reader.email,
        otp: "123456",
        new_password: LONG_118,
        confirm_password: LONG_118,
      },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe(PASSWORD_TOO_LONG);
  });

  it("never signs in with its first 72 characters and another ending (an account set before the rule)", async () => {
    const email = `legacy-${Date.now()}@example.com`;
    await api.db.db.query("INSERT INTO users (email, password_hash, role) VALUES ($1, $2, 'reader')", [
      email,
      await bcrypt.hash(LONG_118, 4),
    ]);
    const otherEnding = `${LONG_118.slice(0, 72)}${"y".repeat(46)}`;
    expect((await api.call(loginApi, { body: { email, password: otherEnding } })).status).toBe(401);
    expect((await api.call(loginApi, { body: { email, password: LONG_118 } })).status).toBe(401);
  });
});
