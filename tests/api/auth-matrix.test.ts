/**
 * The access matrix of the sign-in, profile and user admin endpoints: each is called as
 * anonymous, reader, admin, root_admin and with a revoked session, and must answer exactly the
 * expected status. Staff responses never go to a cache, and a foreign Origin is refused.
 */
import { callAsPlatform } from "../../scripts/lib/functions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import addUserFn from "../../netlify/functions/add-user";
import checkSessionFn from "../../netlify/functions/check-session";
import deleteUserFn from "../../netlify/functions/delete-user";
import editUserFn from "../../netlify/functions/edit-user";
import getUsersFn from "../../netlify/functions/get-users";
import logoutFn from "../../netlify/functions/logout";
import profileFn from "../../netlify/functions/profile";
import updateProfileFn from "../../netlify/functions/update-profile";
import { apiDb, type TestDb } from "../helpers/db";
import { ACCOUNT_FUNCTIONS, covers, staffFunctions } from "../helpers/staff-functions";
import { CALLERS, createStaffCookies, type Caller, type StaffCookies } from "../helpers/staff-matrix";
import { withPorts, type GivenPorts } from "../helpers/ports";

/** The back ends every call of this file's functions gets (tests/helpers/ports.ts). */
let ports: GivenPorts = {};
const addUser = withPorts(addUserFn, () => ports);
const checkSession = withPorts(checkSessionFn, () => ports);
const deleteUser = withPorts(deleteUserFn, () => ports);
const editUser = withPorts(editUserFn, () => ports);
const getUsers = withPorts(getUsersFn, () => ports);
const logout = withPorts(logoutFn, () => ports);
const profile = withPorts(profileFn, () => ports);
const updateProfile = withPorts(updateProfileFn, () => ports);

const SITE = "http://localhost:4321";
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

type Handler = (req: Request) => Promise<Response>;
interface Row {
  name: string;
  handler: Handler;
  /** A fresh request each time (bodies are single-use); `n` makes targets unique per call. */
  request: (n: number) => Promise<{ path: string; init: RequestInit }> | { path: string; init: RequestInit };
  expect: Record<Caller, number>;
}

let t: TestDb;
let staff: StaffCookies;
let counter = 0;

async function newUser(): Promise<number> {
  const rows = await t.db.query<{ id: number }>(
    "INSERT INTO users (email, password_hash, role) VALUES ($1, 'x', 'reader') RETURNING id",
    [`target-${++counter}-${Date.now()}@example.com`],
  );
  return rows[0]!.id;
}

const jsonInit = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { "content-type": "application/json", origin: SITE },
  body: JSON.stringify(body),
});

const ROWS: Row[] = [
  {
    name: "GET /api/check-session",
    handler: checkSession,
    request: () => ({ path: "/api/check-session", init: {} }),
    expect: { anonymous: 200, reader: 200, admin: 200, root_admin: 200, revoked: 200 },
  },
  {
    name: "GET /api/profile",
    handler: profile,
    request: () => ({ path: "/api/profile", init: {} }),
    expect: { anonymous: 401, reader: 200, admin: 200, root_admin: 200, revoked: 401 },
  },
  {
    name: "POST /api/update-profile",
    handler: updateProfile,
    request: () => {
      const form = new FormData();
      form.append("profileImage", new File([PNG], "me.png", { type: "image/png" }));
      return { path: "/api/update-profile", init: { method: "POST", body: form, headers: { origin: SITE } } };
    },
    expect: { anonymous: 401, reader: 200, admin: 200, root_admin: 200, revoked: 401 },
  },
  {
    name: "GET /api/get-users",
    handler: getUsers,
    request: () => ({ path: "/api/get-users", init: {} }),
    expect: { anonymous: 401, reader: 403, admin: 403, root_admin: 200, revoked: 401 },
  },
  {
    name: "POST /api/add-user",
    handler: addUser,
    request: (n) => ({
      path: "/api/add-user",
      init: jsonInit("POST", {
        email: `added-${n}-${Date.now()}@example.com`,
        password: "a-long-enough-password",
        role: "reader",
      }),
    }),
    expect: { anonymous: 401, reader: 403, admin: 403, root_admin: 201, revoked: 401 },
  },
  {
    name: "PUT /api/edit-user/:id",
    handler: editUser,
    request: async (n) => ({
      path: `/api/edit-user/${await newUser()}`,
      init: jsonInit("PUT", { email: `edited-${n}-${Date.now()}@example.com`, role: "admin" }),
    }),
    expect: { anonymous: 401, reader: 403, admin: 403, root_admin: 200, revoked: 401 },
  },
  {
    name: "DELETE /api/delete-user/:id",
    handler: deleteUser,
    request: async () => ({
      path: `/api/delete-user/${await newUser()}`,
      init: { method: "DELETE", headers: { origin: SITE } },
    }),
    expect: { anonymous: 401, reader: 403, admin: 403, root_admin: 200, revoked: 401 },
  },
  {
    name: "POST /api/logout",
    handler: logout,
    // Logout of the matrix sessions would end them: each caller logs out with a session of its own.
    request: () => ({ path: "/api/logout", init: { method: "POST", headers: { origin: SITE } } }),
    expect: { anonymous: 200, reader: 200, admin: 200, root_admin: 200, revoked: 200 },
  },
];

beforeAll(async () => {
  t = await apiDb();
  ports = { db: t.db };
  staff = await createStaffCookies(t.db);
});
afterAll(async () => {
  await t.close();
});

async function send(row: Row, caller: Caller, n: number) {
  const { path, init } = await row.request(n);
  let cookie = staff.headers[caller].cookie;
  if (row.handler === logout && caller !== "anonymous" && caller !== "revoked")
    cookie = await staff.cookieFor(staff.users[caller].id);
  const headers = new Headers(init.headers);
  if (cookie) headers.set("cookie", cookie);
  return callAsPlatform(row.handler, new Request(`${SITE}${path}`, { ...init, headers }));
}

describe("access matrix", () => {
  for (const row of ROWS) {
    describe(row.name, () => {
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
    const mine = (await staffFunctions(() => ports)).filter(({ fn }) => ACCOUNT_FUNCTIONS.has(fn.name));
    expect(mine.map(({ fn }) => fn.name).sort()).toEqual([...ACCOUNT_FUNCTIONS].sort());
    const names = ROWS.map((r) => r.name);
    expect(mine.filter(({ fn }) => !covers(names, fn)).map(({ fn }) => fn.path)).toEqual([]);
  });

  it("refuses state-changing requests from a foreign Origin with 403", async () => {
    for (const row of ROWS.filter((r) => r.handler !== checkSession && r.name.split(" ")[0] !== "GET")) {
      const { path, init } = await row.request(++counter);
      const headers = new Headers(init.headers);
      headers.set("origin", "https://evil.example");
      headers.set("cookie", staff.headers.root_admin.cookie!);
      const res = await callAsPlatform(row.handler, new Request(`${SITE}${path}`, { ...init, headers }));
      expect(res.status, row.name).toBe(403);
    }
  });
});
