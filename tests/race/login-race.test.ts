/**
 * Sign-in guesses under concurrency, on real PostgreSQL (PGlite has one connection and cannot
 * show a race): however many wrong passwords arrive at once, at most LOGIN_POLICY.lockAfter of
 * them reach the password comparison in one window.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import loginFn from "../../netlify/functions/login";
import { LOGIN_POLICY } from "../../src/server/common/policies";
import type { MailMessage } from "../../src/server/platform/mail/mail";
import { hashPassword } from "../../src/server/common/passwords";
import { postgresDb, requirePostgres, type TestDb } from "../helpers/db";
import { noWait, outboxMailer, withPorts, type GivenPorts } from "../helpers/ports";

/** The back ends every call of this file's functions gets (tests/helpers/ports.ts). */
let ports: GivenPorts = {};
const login = withPorts(loginFn, () => ports);

// Every sign-in compares a bcrypt hash: on a busy two-core machine a dozen take a while.
vi.setConfig({ testTimeout: 120_000 });

const counter = vi.hoisted(() => ({ compared: 0 }));
vi.mock("../../src/server/common/passwords", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../src/server/common/passwords")>();
  return {
    ...real,
    verifyPassword: async (password: string, hash: string) => {
      counter.compared++;
      return real.verifyPassword(password, hash);
    },
  };
});

const SITE = "http://localhost:4321";
const PASSWORD = "correct-horse-battery-staple";
let t: TestDb | undefined;
const outbox: MailMessage[] = [];

function post(body: unknown, ip: string) {
  return login(
    new Request(`${SITE}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: SITE },
      body: JSON.stringify(body),
    }),
    { ip },
  );
}

beforeAll(async () => {
  t = await postgresDb();
  if (!t && requirePostgres()) throw new Error("PG_TEST_URL is not set");
  if (!t) return;
  ports = { db: t.db, mail: outboxMailer(outbox), sleep: noWait };
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe.skipIf(!process.env.PG_TEST_URL && !requirePostgres())("sign-in guesses on PostgreSQL", () => {
  for (const kind of ["a real account", "an unknown e-mail"] as const) {
    it(`40 parallel wrong passwords from 40 addresses against ${kind}: at most ${LOGIN_POLICY.lockAfter} compared`, async () => {
      const email = `race-${kind.length}-${Date.now()}@example.com`;
      if (kind === "a real account")
        await t!.db.query("INSERT INTO users (email, password_hash, role) VALUES ($1, $2, 'admin')", [
          email,
          await hashPassword(PASSWORD),
        ]);
      counter.compared = 0;
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          post({ email, password: `wrong-guess-${i}` }, `203.0.113.${i + 1}`),
        ),
      );
      const statuses = answers.map((r) => r.status);
      expect(counter.compared).toBeLessThanOrEqual(LOGIN_POLICY.lockAfter);
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(LOGIN_POLICY.lockAfter);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(40 - LOGIN_POLICY.lockAfter);
      // The right password is refused too while the account is locked, without a comparison.
      counter.compared = 0;
      const right = await post({ email, password: PASSWORD }, "203.0.113.200");
      expect(right.status).toBe(429);
      expect(counter.compared).toBe(0);
    });
  }
});
