/**
 * Security mail to a staff member about their own account cannot be silenced by a visitor, the
 * visitors' per-recipient cap counts a mailbox however its address is spelt, and a wrong current
 * password in Profile Settings is answered like a wrong password at sign-in. With the rate limits
 * on, as deployed.
 */
import bcrypt from "bcryptjs";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CODES_PER_DAY } from "../../src/server/common/policies";
import { mailboxOf } from "../../src/server/common/notify";
import { LOCK_NOTICES_DAILY_MAX, RECIPIENT_DAILY_MAX } from "../../src/server/common/policies";
import { settled } from "../../src/server/http/endpoint";
import { resetEnv } from "../../src/server/platform/env";
import { LOGIN_POLICY } from "../../src/server/common/policies";
import type { Contract } from "../../src/shared/api/contract";
import { sendEmailOtpApi } from "../../src/shared/careers/api";
import { forgotPasswordApi, loginApi, resetPasswordApi, updateProfileApi } from "../../src/shared/staff/api";
import { apiHarness, type ApiHarness, type CallOptions } from "../helpers/api";

let api: ApiHarness;
let clock = new Date("2026-11-24T09:00:00Z").getTime();
let ipSeq = 0;
const newIp = () => `198.51.100.${++ipSeq}`;

beforeAll(async () => {
  api = await apiHarness({ now: () => new Date(clock) });
  process.env.RATE_LIMITS = "on";
  resetEnv();
}, 120_000);
afterAll(async () => {
  process.env.RATE_LIMITS = "off";
  resetEnv();
  await api.close();
});
beforeEach(() => {
  api.outbox.length = 0;
});
afterEach(() => settled());

const call = async (c: Contract, opts: CallOptions) => {
  const res = await api.call(c, opts);
  await settled(); // the mail sent after the answer
  return res;
};
const postJson = (c: Contract, body: unknown, ip = newIp()) =>
  call(c, { body, headers: { "x-forwarded-for": ip } });
const to = (email: string) => api.outbox.filter((m) => m.to === email);

async function auditCount(action: string, userId: number): Promise<number> {
  const rows = await api.db.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM audit_log WHERE action = $1 AND entity_id = $2::text",
    [action, String(userId)],
  );
  return rows[0]!.n;
}

describe("a visitor cannot silence a staff member's security mail", () => {
  it("after codes fill the address's daily cap, the lock notice and the password-changed mail still go", async () => {
    const user = api.staff.users.reader;
    // Codes for the address from both forms, a minute apart, one more than each daily cap: the
    // codes and the two "codes paused" notices fill the visitors' cap for the address.
    for (let i = 0; i <= CODES_PER_DAY; i++) {
      clock += 61_000;
      await postJson(sendEmailOtpApi, { email: user.email });
      await postJson(forgotPasswordApi, { email: user.email });
    }
    expect(to(user.email)).toHaveLength(RECIPIENT_DAILY_MAX);
    const resetCode = /Your code: (\d{6})/.exec(
      to(user.email)
        .filter((m) => m.subject === "Your password reset code")
        .at(-1)!.text,
    )![1]!;

    // Ten wrong passwords lock sign-in: the owner is told.
    const ip = newIp();
    for (let i = 0; i < LOGIN_POLICY.lockAfter; i++)
      await postJson(loginApi, { email: user.email, password: "wrong-password-x" }, ip);
    expect(to(user.email).map((m) => m.subject)).toContain("Sign-in to your account was paused");

    // The owner resets the password with the last code: they are told that it changed.
    const res = await postJson(resetPasswordApi, {
      email: user.email,
      otp: resetCode,
      new_password: "a-new-long-passphrase-9",
      confirm_password: "a-new-long-passphrase-9",
    });
    expect(res.status).toBe(200);
    expect(to(user.email).map((m) => m.subject)).toContain("Your password was changed");
  });
});

describe("the visitors' cap counts a mailbox, not a spelling", () => {
  it.each([
    ["plus tags on any domain", (i: number) => `owner+${i}@nimbus-mail.example`, "owner@nimbus-mail.example"],
    [
      "dots and tags at Gmail",
      (i: number) => `${"owner".split("").join(".".repeat(i % 3))}+${i}@gmail.com`,
      "owner@gmail.com",
    ],
    ["upper case and googlemail", (i: number) => `O.T.H.E.R+${i}@GoogleMail.com`, "other@gmail.com"],
  ])(
    "%s: at most the cap of codes reach one mailbox, each to the address as typed",
    async (_, spelling, mailbox) => {
      const addresses = Array.from({ length: RECIPIENT_DAILY_MAX + 8 }, (_, i) => spelling(i + 1));
      expect(new Set(addresses.map(mailboxOf))).toEqual(new Set([mailbox]));
      clock += 61_000;
      for (const email of addresses) await postJson(sendEmailOtpApi, { email });
      const delivered = api.outbox.filter((m) => mailboxOf(m.to) === mailbox);
      expect(delivered).toHaveLength(RECIPIENT_DAILY_MAX);
      // Each went to the address as typed (the form lowercases addresses; nothing else changes).
      for (const m of delivered) expect(addresses.map((a) => a.toLowerCase())).toContain(m.to);
    },
  );

  it("holds when the spellings arrive at once (on PostgreSQL they run on separate connections)", async () => {
    const addresses = Array.from({ length: 30 }, (_, i) => `race.owner+${i}@gmail.com`);
    clock += 61_000;
    const answers = await Promise.all(addresses.map((email) => postJson(sendEmailOtpApi, { email })));
    // The others are told that the mailbox has had its mail for today (never a 5xx).
    expect(answers.map((r) => r.status).sort()).toEqual([
      ...Array<number>(RECIPIENT_DAILY_MAX).fill(200),
      ...Array<number>(addresses.length - RECIPIENT_DAILY_MAX).fill(429),
    ]);
    expect(api.outbox.filter((m) => mailboxOf(m.to) === "raceowner@gmail.com")).toHaveLength(
      RECIPIENT_DAILY_MAX,
    );
  });

  it("normalises only the cap's key: case, +tag, and dots where the provider ignores them", () => {
    expect(mailboxOf(" Owner+News@Example.COM ")).toBe("owner@example.com");
    expect(mailboxOf("o.w.n.e.r@example.com")).toBe("o.w.n.e.r@example.com");
    expect(mailboxOf("o.w.n.e.r+x@gmail.com")).toBe("owner@gmail.com");
    expect(mailboxOf("+only@example.com")).toBe("+only@example.com");
  });
});

describe("a wrong current password in Profile Settings is answered as at sign-in", () => {
  it("ten wrong ones lock sign-in, with an audit entry for each, one for the lock, and the lock notice", async () => {
    const user = api.staff.users.admin;
    const cookie = await api.staff.cookieFor(user.id);
    const ip = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_POLICY.lockAfter; i++) {
      const form = new FormData();
      form.append("password", "another-long-passphrase-7");
      form.append("current_password", `not-my-password-${i}`);
      statuses.push(
        (await call(updateProfileApi, { form, cookie, headers: { "x-forwarded-for": ip } })).status,
      );
    }
    expect(statuses.every((s) => s === 400)).toBe(true);
    expect(await auditCount("profile.password_failed", user.id)).toBe(LOGIN_POLICY.lockAfter);
    expect(await auditCount("auth.lockout", user.id)).toBe(1);
    expect(to(user.email).map((m) => m.subject)).toEqual(["Sign-in to your account was paused"]);
    // Sign-in is locked for the address, even with the right password.
    const res = await postJson(loginApi, { email: user.email, password: user.password });
    expect(res.status).toBe(429);
  });

  it(`lock notices have a daily cap of their own (${LOCK_NOTICES_DAILY_MAX}), which codes do not fill`, async () => {
    const user = api.staff.users.root_admin;
    // A cheap hash for this account: 130 comparisons at cost 11 would take minutes on two cores.
    await api.db.db.query("UPDATE users SET password_hash = $2 WHERE id = $1", [
      user.id,
      await bcrypt.hash(user.password, 4),
    ]);
    for (let lock = 0; lock <= LOCK_NOTICES_DAILY_MAX; lock++) {
      clock += 16 * 60_000; // the last lock is over
      const ip = newIp();
      for (let i = 0; i < LOGIN_POLICY.lockAfter; i++)
        await postJson(loginApi, { email: user.email, password: "wrong-password-x" }, ip);
    }
    const notices = to(user.email).filter((m) => m.subject === "Sign-in to your account was paused");
    expect(notices).toHaveLength(LOCK_NOTICES_DAILY_MAX);
  }, 120_000);
});
