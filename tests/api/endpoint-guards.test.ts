/**
 * Guards every function has, checked over the functions themselves (netlify/functions), so a new
 * endpoint is covered without editing a list: each is made by the common endpoint() wrapper;
 * every state-changing method refuses a foreign Origin and a cross-site Sec-Fetch-Site and changes
 * nothing; a revoked session is never more than no session; and the catalogue's staff flags
 * match the endpoints that actually ask for a session.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadFunctions, type LoadedFunction } from "../../scripts/lib/functions";
import { isEndpoint } from "../../src/server/http/endpoint";
import { seed } from "../../scripts/seed/seed";
import { apiDb, type TestDb } from "../helpers/db";
import { ENDPOINTS } from "../helpers/endpoints";
import { createStaffCookies, type StaffCookies } from "../helpers/staff-matrix";
import { covers, privacyFunctions, probe, staffFunctions } from "../helpers/staff-functions";
import type { GivenPorts } from "../helpers/ports";

/** The back ends every call of this file's functions gets (tests/helpers/ports.ts). */
let ports: GivenPorts = {};

const FOREIGN = "This request must come from the site itself.";
const CHANGING = ["POST", "PUT", "DELETE", "PATCH"];
const TABLES = [
  "users",
  "sessions",
  "posts",
  "comments",
  "faqs",
  "jobs",
  "applications",
  "inquiries",
  "email_codes",
];

let t: TestDb;
let fns: LoadedFunction[];
let staff: StaffCookies;

beforeAll(async () => {
  t = await apiDb();
  await seed(t.db);
  ports = { db: t.db };
  staff = await createStaffCookies(t.db);
  fns = await loadFunctions(undefined, () => ports);
}, 120_000);
afterAll(async () => {
  await t.close();
});

async function snapshot(): Promise<string> {
  const parts: string[] = [];
  for (const table of TABLES) {
    const [row] = await t.db.query<{ h: string }>(
      `SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM ${table} x`,
    );
    parts.push(`${table}:${row!.h}`);
  }
  return parts.join(" ");
}

describe("every function", () => {
  it("is found, and is made by the common endpoint() wrapper", () => {
    expect(fns.length).toBeGreaterThan(40);
    expect(fns.filter((f) => !isEndpoint(f.exported)).map((f) => f.file)).toEqual([]);
  });

  it("refuses a foreign Origin and a cross-site Sec-Fetch-Site on every state-changing method, changing nothing", async () => {
    const before = await snapshot();
    const problems: string[] = [];
    for (const f of fns)
      for (const m of CHANGING)
        for (const [label, headers] of [
          ["foreign Origin", { origin: "https://evil.example", ...staff.headers.root_admin }],
          ["null Origin", { origin: "null", ...staff.headers.root_admin }],
          [
            "look-alike Origin",
            { origin: "http://localhost:4321.evil.example", ...staff.headers.root_admin },
          ],
          [
            "Sec-Fetch-Site: cross-site",
            { origin: "", "sec-fetch-site": "cross-site", ...staff.headers.root_admin },
          ],
          [
            "Sec-Fetch-Site: same-site",
            { origin: "", "sec-fetch-site": "same-site", ...staff.headers.root_admin },
          ],
        ] as [string, Record<string, string>][]) {
          const h = { ...headers };
          if (h.origin === "") delete h.origin;
          const res = await probeWithout(f, m, h);
          const body = (await res.json()) as { error?: string };
          if (res.status !== 403 || body.error !== FOREIGN)
            problems.push(`${m} ${f.path} ${label}: ${res.status}`);
        }
    expect(problems, problems.join("\n")).toEqual([]);
    expect(await snapshot()).toBe(before);
  });

  it("passes the origin check from the site itself (so the refusals above are the check's)", async () => {
    for (const f of fns)
      for (const m of CHANGING)
        for (const headers of [
          {},
          { "sec-fetch-site": "same-origin" },
          { "sec-fetch-site": "none" },
        ] as Record<string, string>[]) {
          const res = await probe(f, m, { ...headers });
          const body = (await res.json().catch(() => ({}))) as { error?: string };
          expect(body.error, `${m} ${f.path}`).not.toBe(FOREIGN);
        }
  });

  it("treats a revoked session like no session", async () => {
    for (const f of fns)
      for (const m of ["GET", ...CHANGING]) {
        const none = await probe(f, m);
        const revoked = await probe(f, m, staff.headers.revoked);
        expect(revoked.status, `${m} ${f.path}`).toBe(none.status);
      }
  });

  it("asks for a session exactly where the catalogue says it is a staff endpoint", async () => {
    const derived = (await staffFunctions(() => ports)).map(({ fn }) => fn.path).sort();
    const catalogue = fns.filter((f) =>
      covers(
        ENDPOINTS.filter((e) => e.staff).map((e) => e.path),
        f,
      ),
    );
    expect(derived).toEqual(catalogue.map((f) => f.path).sort());
  });

  it("asks for the self-service page's code exactly where the catalogue says, and a staff session is no substitute", async () => {
    const derived = await privacyFunctions(() => ports);
    const catalogue = fns.filter((f) =>
      covers(
        ENDPOINTS.filter((e) => e.privacy).map((e) => e.path),
        f,
      ),
    );
    expect(derived.map(({ fn }) => fn.path).sort()).toEqual(catalogue.map((f) => f.path).sort());
    expect(derived.length).toBeGreaterThanOrEqual(3);
    for (const { fn, methods } of derived)
      for (const m of methods) {
        const res = await probe(fn, m, staff.headers.root_admin);
        expect(res.status, `${m} ${fn.path}`).toBe(401);
      }
  });
});

/** probe() always sends the site's Origin; these requests replace or drop it. */
function probeWithout(f: LoadedFunction, method: string, headers: Record<string, string>) {
  const body = "{}";
  const h: Record<string, string> = { "content-type": "application/json", ...headers };
  return f.handler(
    new Request(`http://localhost:4321${f.path.replace(/:\w+\*?/g, "1").replace(/\*/g, "1")}`, {
      method,
      headers: h,
      body,
    }),
    {},
  );
}
