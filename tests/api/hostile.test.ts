/**
 * Hostile input against every /api endpoint, generated with fast-check: each bad request must
 * get a 4xx with a JSON { error }, never a 5xx, and the database and the stored files must be
 * exactly as before (compared by content, not assumed). Staff endpoints are called as a
 * root_admin so that the requests reach their validation.
 */
import { mkdtempSync, readdirSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadFunctions, route, type LoadedFunction } from "../../scripts/lib/functions";
import { createApp } from "../../src/server/http/app";
import { createSession } from "../../src/server/staff/sessions";
import { createOutboxMailer } from "../../src/server/platform/mail/outbox";
import { seed } from "../../scripts/seed/seed";
import { LOCAL_DEMO_STAFF } from "../../scripts/seed/demo-accounts";
import { createLocalStorage } from "../../src/server/platform/storage/local";
import { apiDb, type TestDb } from "../helpers/db";
import { ENDPOINTS } from "../helpers/endpoints";
import { badRequests, EXTRA_FIELDS, validWithExtras } from "../helpers/hostile";
import { hashToken, newToken } from "../../src/server/common/codes";
import { PRIVACY_COOKIE } from "../../src/server/http/privacy-auth";
import type { GivenPorts } from "../helpers/ports";

/** The back ends every call of this file's functions gets (tests/helpers/ports.ts). */
let ports: GivenPorts = {};

/** Tables whose rows a refused request must not change (rate-limit counters and session
 * "last seen" times legitimately move). */
const TABLES = [
  "users",
  "email_codes",
  "posts",
  "comments",
  "comment_reports",
  "comment_spam_senders",
  "faqs",
  "jobs",
  "applications",
  "application_status_history",
  "inquiries",
  "mail_log",
];

let t: TestDb;
let fns: LoadedFunction[];
let uploads: string;
let outbox: string;
let cookie: string;
/** The self-service page's cookie: a verified e-mail code for an address. */
let privacyCookie: string;
const tried = new Map<string, number>();

function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    let entries: string[];
    try {
      entries = readdirSync(d);
    } catch {
      return;
    }
    for (const e of entries) {
      const p = path.join(d, e);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(`${path.relative(dir, p)}:${statSync(p).size}`);
    }
  };
  walk(dir);
  return out.sort();
}

/** Every table's content as one hash each, in one query. */
const SNAPSHOT_SQL = `SELECT ${TABLES.map(
  (table) =>
    `(SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) FROM ${table} x) AS "${table}"`,
).join(", ")}`;

async function snapshot(): Promise<string> {
  const [row] = await t.db.query<Record<string, string>>(SNAPSHOT_SQL);
  const parts = TABLES.map((table) => `${table}:${row![table]}`);
  return [...parts, ...listFiles(uploads), `outbox:${listFiles(outbox).length}`].join("\n");
}

beforeAll(async () => {
  t = await apiDb();
  uploads = mkdtempSync(path.join(os.tmpdir(), "hostile-uploads-"));
  outbox = mkdtempSync(path.join(os.tmpdir(), "hostile-outbox-"));
  const storage = createLocalStorage(uploads, process.env.SESSION_SECRET!);
  const mailer = createOutboxMailer(outbox, "test@example.com");
  await seed(t.db, {
    admin: { email: "root@example.com", password: "root-password-123456" },
    staff: LOCAL_DEMO_STAFF,
    storage,
    dataDir: uploads,
  });
  ports = { db: t.db, storage, mail: mailer };
  const app = createApp(new Request("http://localhost:4321/"), undefined, ports);
  const [root] = await t.db.query<{ id: number }>("SELECT id FROM users WHERE email = 'root@example.com'");
  cookie = `__Host-session=${await createSession(app.deps, root!.id)}`;
  await app.dispose();
  const token = newToken();
  await t.db.query(
    `INSERT INTO email_codes (purpose, email, code_hash, expires_at, consumed_at, verified_at, token_hash)
     VALUES ('privacy', 'held@example.com', 'x', now() + interval '10 minutes', now(), now() + interval '1 hour', $1)`,
    [hashToken(token)],
  );
  privacyCookie = `${PRIVACY_COOKIE}=${token}`;
  fns = await loadFunctions(undefined, () => ports);
}, 120_000);

afterAll(async () => {
  await t.close();
  const lines = [...tried].map(([k, n]) => `${k}: ${n}`).join("\n");
  console.log(`Hostile requests tried per endpoint:\n${lines}`);
});

describe("every endpoint is covered", () => {
  it("lists every function of netlify/functions", () => {
    const covered = new Set(ENDPOINTS.map((e) => e.path.replace(":id", "1")));
    const missing = fns.filter((f) => ![...covered].some((p) => f.pattern.test(p))).map((f) => f.path);
    expect(missing).toEqual([]);
  });
});

describe.each(ENDPOINTS)("$method $path refuses hostile input", (spec) => {
  it("answers every generated bad request with a 4xx JSON error and changes nothing", async () => {
    let count = 0;
    // What is stored before each request: the state after the one before it, which that request
    // was checked not to change (taken once here, then after each request).
    let before = await snapshot();
    await fc.assert(
      fc.asyncProperty(badRequests(spec), async (bad) => {
        const url = `http://localhost:4321${bad.path}`;
        const fn = route(fns, new URL(url).pathname);
        const headers: Record<string, string> = { ...bad.headers };
        if (spec.staff) headers.cookie = cookie;
        if (spec.privacy) headers.cookie = privacyCookie;
        count++;
        // Every generated request must reach a function: one that no function takes would test
        // nothing and pass silently.
        expect(fn, `${bad.label}: no function takes ${bad.path}`).toBeDefined();
        if (!fn) return;
        const res = await fn.handler(new Request(url, { method: bad.method, headers, body: bad.body }), {});
        const text = await res.text();
        expect(res.status, `${bad.label}: ${text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${bad.label}: ${text.slice(0, 200)}`).toBeLessThan(500);
        expect(JSON.parse(text), bad.label).toHaveProperty("error");
        const was = before;
        before = await snapshot();
        expect(before, `${bad.label} changed stored data`).toBe(was);
      }),
      { numRuns: Number(process.env.HOSTILE_RUNS ?? 40), seed: 20251122 },
    );
    tried.set(`${spec.method} ${spec.path}`, count);
  });
});

/** Rows that carry a value only a client's extra field could have put there. */
async function traces(): Promise<string> {
  const out: string[] = [];
  for (const table of TABLES) {
    const [row] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${table} x WHERE x::text LIKE $1 OR x::text LIKE $2 OR x::text LIKE $3`,
      [`%${EXTRA_FIELDS.id}%`, "%2001-02-03%", `%${EXTRA_FIELDS.answer}%`],
    );
    out.push(`${table}:${row!.n}`);
  }
  const [roles] = await t.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM users WHERE role = 'root_admin'",
  );
  const [selected] = await t.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM applications WHERE status = 'Selected'",
  );
  return [...out, `root_admins:${roles!.n}`, `selected:${selected!.n}`].join(" ");
}

describe.each(ENDPOINTS.filter((spec) => validWithExtras(spec)))(
  "$method $path ignores fields the server decides",
  (spec) => {
    it("stores none of role, status, id, created_at or answer sent beside a valid request", async () => {
      await fc.assert(
        fc.asyncProperty(validWithExtras(spec)!, async (req) => {
          const url = `http://localhost:4321${req.path}`;
          const fn = route(fns, new URL(url).pathname);
          expect(fn, `no function takes ${req.path}`).toBeDefined();
          const before = await traces();
          const headers: Record<string, string> = { ...req.headers };
          if (spec.staff) headers.cookie = cookie;
          if (spec.privacy) headers.cookie = privacyCookie;
          const res = await fn!.handler(
            new Request(url, { method: req.method, headers, body: req.body }),
            {},
          );
          const text = await res.text();
          expect(res.status, `${req.label}: ${text.slice(0, 200)}`).toBeLessThan(500);
          expect(await traces(), `${req.label} stored a field the server decides`).toBe(before);
        }),
        { numRuns: 6, seed: 20251124 },
      );
    });
  },
);
