/**
 * E-mail codes under concurrency, on real PostgreSQL: parallel requests for one address each
 * used to pass the "one a minute" check (and flood the mailbox); parallel wrong codes must not
 * get past the daily cap on wrong tries.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import forgotFn from "../../netlify/functions/forgot-password";
import resetPasswordFn from "../../netlify/functions/reset-password";
import sendCodeFn from "../../netlify/functions/send-email-otp";
import { settled } from "../../src/server/http/endpoint";
import { WRONG_TRIES_PER_DAY } from "../../src/server/common/policies";
import type { MailMessage } from "../../src/server/platform/mail/mail";
import { RECIPIENT_DAILY_MAX } from "../../src/server/common/policies";
import { hashPassword } from "../../src/server/common/passwords";
import { postgresDb, requirePostgres, type TestDb } from "../helpers/db";
import { withPorts, type GivenPorts } from "../helpers/ports";

/** The back ends every call of this file's functions gets (tests/helpers/ports.ts). */
let ports: GivenPorts = {};
const forgot = withPorts(forgotFn, () => ports);
const resetPassword = withPorts(resetPasswordFn, () => ports);
const sendCode = withPorts(sendCodeFn, () => ports);

const SITE = "http://localhost:4321";
let t: TestDb | undefined;
const outbox: MailMessage[] = [];

const postJson = (h: (r: Request, c?: object) => Promise<Response>, path: string, body: unknown, i: number) =>
  h(
    new Request(`${SITE}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: SITE },
      body: JSON.stringify(body),
    }),
    { ip: `2001:db8:${i.toString(16)}::1` },
  );

beforeAll(async () => {
  t = await postgresDb();
  if (!t && requirePostgres()) throw new Error("PG_TEST_URL is not set");
  if (!t) return;
  ports = { db: t!.db, mail: { send: async (m) => void outbox.push(m) } };
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe.skipIf(!process.env.PG_TEST_URL && !requirePostgres())("e-mail codes on PostgreSQL", () => {
  it("30 parallel code requests for one address from 30 networks: one code, one mail", async () => {
    const email = `flood-${Date.now()}@example.org`;
    // An earlier code, older than a minute: the usual case of someone asking again.
    expect((await postJson(sendCode, "/api/send-email-otp", { email }, 999)).status).toBe(200);
    await t!.db.query(
      "UPDATE email_codes SET created_at = created_at - interval '2 minutes' WHERE email = $1",
      [email],
    );
    outbox.length = 0;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => postJson(sendCode, "/api/send-email-otp", { email }, i + 1)),
    );
    await settled();
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(29);
    expect(outbox.filter((m) => m.to === email)).toHaveLength(1);
    const rows = await t!.db.query("SELECT 1 FROM email_codes WHERE email = $1", [email]);
    expect(rows).toHaveLength(2);
  });

  it(`40 parallel wrong reset codes: at most ${WRONG_TRIES_PER_DAY} counted as tries, the rest refused`, async () => {
    const email = `reset-race-${Date.now()}@example.com`;
    await t!.db.query("INSERT INTO users (email, password_hash, role) VALUES ($1, $2, 'root_admin')", [
      email,
      await hashPassword("the-old-password-1"),
    ]);
    // Three codes' worth of tries: each code dies after 5 wrong ones, so ask for a code whenever
    // the one before is used up (the minute rule is what stops faster asking).
    let refused = 0;
    let tried = 0;
    for (let round = 0; round < 8 && refused === 0; round++) {
      await t!.db.query(
        "UPDATE email_codes SET created_at = created_at - interval '2 minutes' WHERE email = $1",
        [email],
      );
      const asked = await postJson(forgot, "/api/forgot-password", { email }, 100 + round);
      if (asked.status === 429) {
        refused++;
        break;
      }
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          postJson(
            resetPassword,
            "/api/reset-password",
            {
              email,
              otp: "000000",
              new_password: "a-brand-new-password-2",
              confirm_password: "a-brand-new-password-2",
            },
            200 + round * 10 + i,
          ),
        ),
      );
      tried += answers.filter((r) => r.status === 400).length;
      refused += answers.filter((r) => r.status === 429).length;
    }
    await settled();
    const counted = await t!.db.query<{ count: number }>(
      "SELECT count FROM rate_limits WHERE bucket = 'code-wrong:password_reset'",
    );
    expect(Math.max(...counted.map((r) => Number(r.count)))).toBeLessThanOrEqual(WRONG_TRIES_PER_DAY);
    expect(refused).toBeGreaterThan(0);
    expect(outbox.filter((m) => m.to === email).length).toBeLessThanOrEqual(RECIPIENT_DAILY_MAX);
    expect(outbox.filter((m) => m.to === email && /paused/i.test(m.subject))).toHaveLength(1);
    expect(tried).toBeGreaterThan(0);
  });
});
