/**
 * The access matrix of the sign-in, profile and user admin endpoints: each is called as
 * anonymous, each role and with a revoked session, and must answer exactly the
 * expected status. Staff responses never go to a cache, and a foreign Origin is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Contract } from "../../src/shared/api/contract";
import {
  addUserApi,
  checkSessionApi,
  deleteUserApi,
  editUserApi,
  getUsersApi,
  logoutApi,
  profileApi,
  updateProfileApi,
} from "../../src/shared/staff/api";
import { apiHarness, type ApiHarness, type CallOptions } from "../helpers/api";
import { ACCOUNT_FUNCTIONS, covers, staffFunctions } from "../helpers/staff-functions";
import { CALLERS, type Caller } from "../helpers/staff-matrix";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

interface Row {
  contract: Contract;
  /** A fresh call each time (bodies are single-use); `n` makes targets unique per call. */
  call: (n: number) => Promise<CallOptions> | CallOptions;
  expect: Record<Caller, number>;
}

let api: ApiHarness;
let counter = 0;

async function newUser(): Promise<number> {
  const rows = await api.db.db.query<{ id: number }>(
    "INSERT INTO users (email, password_hash, role) VALUES ($1, 'x', 'reader') RETURNING id",
    [`target-${++counter}-${Date.now()}@example.com`],
  );
  return rows[0]!.id;
}

const ROWS: Row[] = [
  {
    contract: checkSessionApi,
    call: () => ({}),
    expect: {
      anonymous: 200,
      reader: 200,
      sales: 200,
      recruiter: 200,
      editor: 200,
      admin: 200,
      root_admin: 200,
      revoked: 200,
    },
  },
  {
    contract: profileApi,
    call: () => ({}),
    expect: {
      anonymous: 401,
      reader: 200,
      sales: 200,
      recruiter: 200,
      editor: 200,
      admin: 200,
      root_admin: 200,
      revoked: 401,
    },
  },
  {
    contract: updateProfileApi,
    call: () => {
      const form = new FormData();
      form.append("profileImage", new File([PNG], "me.png", { type: "image/png" }));
      return { form };
    },
    expect: {
      anonymous: 401,
      reader: 200,
      sales: 200,
      recruiter: 200,
      editor: 200,
      admin: 200,
      root_admin: 200,
      revoked: 401,
    },
  },
  {
    contract: getUsersApi,
    call: () => ({}),
    expect: {
      anonymous: 401,
      reader: 403,
      sales: 403,
      recruiter: 403,
      editor: 403,
      admin: 403,
      root_admin: 200,
      revoked: 401,
    },
  },
  {
    contract: addUserApi,
    call: (n) => ({
      body: {
        email: `added-${n}-${Date.now()}@example.com`,
        password: "a-long-enough-password",
        role: "reader",
      },
    }),
    expect: {
      anonymous: 401,
      reader: 403,
      sales: 403,
      recruiter: 403,
      editor: 403,
      admin: 403,
      root_admin: 201,
      revoked: 401,
    },
  },
  {
    contract: editUserApi,
    call: async (n) => ({
      params: { id: await newUser() },
      body: { email: `edited-${n}-${Date.now()}@example.com`, role: "admin" },
    }),
    expect: {
      anonymous: 401,
      reader: 403,
      sales: 403,
      recruiter: 403,
      editor: 403,
      admin: 403,
      root_admin: 200,
      revoked: 401,
    },
  },
  {
    contract: deleteUserApi,
    call: async () => ({ params: { id: await newUser() } }),
    expect: {
      anonymous: 401,
      reader: 403,
      sales: 403,
      recruiter: 403,
      editor: 403,
      admin: 403,
      root_admin: 200,
      revoked: 401,
    },
  },
  {
    // Logout of the harness's sessions would end them: each caller logs out with a session of its own.
    contract: logoutApi,
    call: () => ({}),
    expect: {
      anonymous: 200,
      reader: 200,
      sales: 200,
      recruiter: 200,
      editor: 200,
      admin: 200,
      root_admin: 200,
      revoked: 200,
    },
  },
];
const nameOf = (row: Row) => `${row.contract.method} ${row.contract.path}`;

beforeAll(async () => {
  api = await apiHarness();
});
afterAll(() => api.close());

async function send(row: Row, caller: Caller, n: number) {
  const opts = await row.call(n);
  if (row.contract === logoutApi && caller !== "anonymous" && caller !== "revoked")
    return api.call(row.contract, { ...opts, cookie: await api.staff.cookieFor(api.staff.users[caller].id) });
  return api.call(row.contract, { ...opts, as: caller });
}

describe("access matrix", () => {
  for (const row of ROWS) {
    describe(nameOf(row), () => {
      for (const caller of CALLERS) {
        it(`${caller} -> ${row.expect[caller]}`, async () => {
          const res = await send(row, caller, ++counter);
          const body = (await res.json()) as Record<string, unknown>;
          expect(res.status, JSON.stringify(body)).toBe(row.expect[caller]);
          expect(res.headers.get("cache-control")).toContain("no-store");
          if (res.status >= 400) expect(typeof body.error).toBe("string");
        });
      }
    });
  }

  it("check-session tells who is signed in, and nothing for a revoked session", async () => {
    for (const caller of CALLERS) {
      const res = await send(ROWS[0]!, caller, 0);
      const body = (await res.json()) as { loggedIn: boolean; role?: string };
      const signedIn = caller !== "anonymous" && caller !== "revoked";
      expect(body.loggedIn).toBe(signedIn);
      if (signedIn) expect(body.role).toBe(caller);
    }
  });

  it("has a row for every staff function of user accounts (derived from netlify/functions)", async () => {
    const mine = (await staffFunctions(() => api.ports)).filter(({ fn }) => ACCOUNT_FUNCTIONS.has(fn.name));
    expect(mine.map(({ fn }) => fn.name).sort()).toEqual([...ACCOUNT_FUNCTIONS].sort());
    const names = ROWS.map(nameOf);
    expect(mine.filter(({ fn }) => !covers(names, fn)).map(({ fn }) => fn.path)).toEqual([]);
  });

  it("refuses state-changing requests from a foreign Origin with 403", async () => {
    for (const row of ROWS.filter((r) => r.contract !== checkSessionApi && r.contract.method !== "GET")) {
      const opts = await row.call(++counter);
      const headers = { origin: "https://evil.example" };
      const res = await api.call(row.contract, { ...opts, as: "root_admin", headers });
      expect(res.status, nameOf(row)).toBe(403);
    }
  });
});
