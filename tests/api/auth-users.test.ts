/** User admin and profile: validation, duplicates, the last root_admin, sessions ended by changes. */
import { callAsPlatform } from "../../scripts/lib/functions";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import addUserFn from "../../netlify/functions/add-user";
import checkSessionFn from "../../netlify/functions/check-session";
import deleteUserFn from "../../netlify/functions/delete-user";
import editUserFn from "../../netlify/functions/edit-user";
import getUsersFn from "../../netlify/functions/get-users";
import loginFn from "../../netlify/functions/login";
import profileFn from "../../netlify/functions/profile";
import updateProfileFn from "../../netlify/functions/update-profile";
import { DEFAULT_PROFILE_IMAGE } from "../../src/shared/staff/auth-schemas";
import { passwordProblem } from "../../src/shared/staff/password-rules";
import { settled } from "../../src/server/http/endpoint";
import type { MailMessage } from "../../src/server/platform/mail/mail";
import { type Storage } from "../../src/server/platform/storage/storage";
import { createLocalStorage } from "../../src/server/platform/storage/local";
import { apiDb, type TestDb } from "../helpers/db";
import { createStaffCookies, type StaffCookies } from "../helpers/staff-matrix";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { noWait, withPorts, type GivenPorts } from "../helpers/ports";

/** The back ends every call of this file's functions gets (tests/helpers/ports.ts). */
let ports: GivenPorts = {};
const addUser = withPorts(addUserFn, () => ports);
const checkSession = withPorts(checkSessionFn, () => ports);
const deleteUser = withPorts(deleteUserFn, () => ports);
const editUser = withPorts(editUserFn, () => ports);
const getUsers = withPorts(getUsersFn, () => ports);
const login = withPorts(loginFn, () => ports);
const profile = withPorts(profileFn, () => ports);
const updateProfile = withPorts(updateProfileFn, () => ports);

const SITE = "http://localhost:4321";
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
let t: TestDb;
let staff: StaffCookies;
let storage: Storage;

type H = (r: Request) => Promise<Response>;
const call = (h: H, method: string, p: string, cookie: string | undefined, body?: unknown) =>
  callAsPlatform(
    h,
    new Request(`${SITE}${p}`, {
      method,
      headers: {
        origin: SITE,
        ...(cookie ? { cookie } : {}),
        ...(body ? { "content-type": "application/json" } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    }),
  );
const root = () => staff.headers.root_admin.cookie!;
const loggedIn = async (cookie: string) =>
  ((await (await call(checkSession, "GET", "/api/check-session", cookie)).json()) as { loggedIn: boolean })
    .loggedIn;
const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;
let n = 0;
const email = () => `user-${++n}-${Date.now()}@example.com`;
const outbox: MailMessage[] = [];
const mailer = { send: async (m: MailMessage) => void outbox.push(m) };

beforeAll(async () => {
  t = await apiDb();
  storage = createLocalStorage(mkdtempSync(path.join(os.tmpdir(), "auth-storage-")), "secret");
  ports = { db: t.db, storage, mail: mailer, sleep: noWait };
  staff = await createStaffCookies(t.db);
});
beforeEach(async () => {
  // The matrix root_admin's session is used throughout; keep it fresh if a test ended it.
  if (!(await loggedIn(root())))
    staff.headers.root_admin.cookie = await staff.cookieFor(staff.users.root_admin.id);
});
afterAll(async () => {
  await t.close();
});

describe("password rules", () => {
  it.each([
    ["", /at least 12/],
    ["eleven-char", /at least 12/],
    ["x".repeat(73), /at most 72 bytes/],
    ["password1234", /too common/],
    ["Administrator", /too common/],
    ["zzzzzzzzzzzzzz", /too common/],
  ])("refuses %j", (pw, msg) => expect(passwordProblem(pw)).toMatch(msg));
  it.each(["twelve-chars", "a sentence of several words", "xy".repeat(36)])("accepts %j", (pw) =>
    expect(passwordProblem(pw)).toBeUndefined(),
  );
  it("stores only a bcrypt hash (cost >= 10) and never returns it", async () => {
    const e = email();
    const res = await call(addUser, "POST", "/api/add-user", root(), {
      email: e,
      password: "a-good-long-password",
    });
    const body = JSON.stringify(await res.json());
    expect(body).not.toMatch(/password/i);
    const row = (
      await t.db.query<{ password_hash: string }>("SELECT password_hash FROM users WHERE email = $1", [e])
    )[0]!;
    expect(row.password_hash).toMatch(/^\$2[aby]\$(1[0-9]|[2-3][0-9])\$/);
    const list = JSON.stringify(await (await call(getUsers, "GET", "/api/get-users", root())).json());
    expect(list).not.toMatch(/password|\$2[aby]\$/);
  });
});

describe("user admin", () => {
  it("adds a user with role reader by default, then lists it", async () => {
    const e = email();
    const res = await call(addUser, "POST", "/api/add-user", root(), {
      email: e.toUpperCase(),
      password: "a-good-long-password",
    });
    expect(res.status).toBe(201);
    const { user } = (await res.json()) as { user: { id: number; email: string; role: string } };
    expect(user).toMatchObject({ email: e, role: "reader" });
    const { users } = (await (await call(getUsers, "GET", "/api/get-users", root())).json()) as {
      users: { id: number }[];
    };
    expect(users.map((u) => u.id)).toContain(user.id);
    expect(Object.keys(users[0]!).sort()).toEqual(["email", "id", "role"]);
  });

  it("refuses a duplicate e-mail with 409, a weak password, a bad e-mail and an unknown role with 400", async () => {
    const e = email();
    await call(addUser, "POST", "/api/add-user", root(), { email: e, password: "a-good-long-password" });
    const dup = await call(addUser, "POST", "/api/add-user", root(), {
      email: e,
      password: "a-good-long-password",
    });
    expect(dup.status).toBe(409);
    expect(await errorOf(dup)).toMatch(/already exists/);
    expect(
      (await call(addUser, "POST", "/api/add-user", root(), { email: email(), password: "short" })).status,
    ).toBe(400);
    expect(
      (
        await call(addUser, "POST", "/api/add-user", root(), {
          email: "not-an-email",
          password: "a-good-long-password",
        })
      ).status,
    ).toBe(400);
    const role = await call(addUser, "POST", "/api/add-user", root(), {
      email: email(),
      password: "a-good-long-password",
      role: "owner",
    });
    expect(role.status).toBe(400);
    expect(await errorOf(role)).toMatch(/role/);
  });

  it("edits e-mail and role; a blank password keeps the old one; a duplicate e-mail is 409", async () => {
    const a = staff.users.reader;
    const other = email();
    await call(addUser, "POST", "/api/add-user", root(), { email: other, password: "a-good-long-password" });
    const dup = await call(editUser, "PUT", `/api/edit-user/${a.id}`, root(), {
      email: other,
      role: "reader",
    });
    expect(dup.status).toBe(409);
    const target = (await (
      await call(addUser, "POST", "/api/add-user", root(), { email: email(), password: "keep-this-password" })
    ).json()) as { user: { id: number; email: string } };
    const renamed = email();
    const ok = await call(editUser, "PUT", `/api/edit-user/${target.user.id}`, root(), {
      email: renamed,
      role: "admin",
      password: "",
    });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { user: unknown }).user).toEqual({
      id: target.user.id,
      email: renamed,
      role: "admin",
    });
    const signIn = await call(login, "POST", "/api/login", undefined, {
      email: renamed,
      password: "keep-this-password",
    });
    expect(signIn.status).toBe(200);
    expect(
      (await call(editUser, "PUT", "/api/edit-user/999999", root(), { email: email(), role: "admin" }))
        .status,
    ).toBe(404);
    expect(
      (await call(editUser, "PUT", "/api/edit-user/abc", root(), { email: email(), role: "admin" })).status,
    ).toBe(400);
  });

  it("a role change, a new password or a deletion ends that user's sessions at once", async () => {
    const make = async () => {
      const r = await call(addUser, "POST", "/api/add-user", root(), {
        email: email(),
        password: "a-good-long-password",
        role: "admin",
      });
      const { user } = (await r.json()) as { user: { id: number; email: string } };
      return { ...user, cookie: await staff.cookieFor(user.id) };
    };
    const a = await make();
    expect(await loggedIn(a.cookie)).toBe(true);
    await call(editUser, "PUT", `/api/edit-user/${a.id}`, root(), { email: a.email, role: "reader" });
    expect(await loggedIn(a.cookie)).toBe(false);

    const b = await make();
    await call(editUser, "PUT", `/api/edit-user/${b.id}`, root(), {
      email: b.email,
      role: "admin",
      password: "another-long-password",
    });
    expect(await loggedIn(b.cookie)).toBe(false);
    // The owner is told after the answer, once the change and its audit entry are committed.
    await settled();
    expect(outbox.filter((m) => m.to === b.email).map((m) => m.subject)).toContain(
      "Your password was changed",
    );

    const c = await make();
    await call(editUser, "PUT", `/api/edit-user/${c.id}`, root(), { email: email(), role: "admin" });
    expect(await loggedIn(c.cookie)).toBe(true); // an e-mail change alone keeps the session

    const del = await call(deleteUser, "DELETE", `/api/delete-user/${c.id}`, root());
    expect(del.status).toBe(200);
    expect(await loggedIn(c.cookie)).toBe(false);
    expect((await call(deleteUser, "DELETE", `/api/delete-user/${c.id}`, root())).status).toBe(404);
  });

  it("never deletes or demotes the last root_admin, and nobody deletes themselves", async () => {
    const db = t.db;
    const me = staff.users.root_admin;
    // Leave exactly one root_admin: the matrix one.
    await db.query("UPDATE users SET role = 'admin' WHERE role = 'root_admin' AND id <> $1", [me.id]);
    const demote = await call(editUser, "PUT", `/api/edit-user/${me.id}`, root(), {
      email: me.email,
      role: "admin",
    });
    expect(demote.status).toBe(409);
    expect(await errorOf(demote)).toMatch(/at least one root_admin/);
    const self = await call(deleteUser, "DELETE", `/api/delete-user/${me.id}`, root());
    expect(self.status).toBe(409);
    // With a second root_admin, the first may be demoted (and keeps the session it edits from).
    const second = (await (
      await call(addUser, "POST", "/api/add-user", root(), {
        email: email(),
        password: "a-good-long-password",
        role: "root_admin",
      })
    ).json()) as { user: { id: number } };
    const otherCookie = await staff.cookieFor(second.user.id);
    const del = await call(deleteUser, "DELETE", `/api/delete-user/${me.id}`, otherCookie);
    expect(del.status).toBe(200);
    // Now `second` is the only root_admin: it cannot demote itself.
    const last = await call(editUser, "PUT", `/api/edit-user/${second.user.id}`, otherCookie, {
      email: email(),
      role: "reader",
    });
    expect(last.status).toBe(409);
    const rows = await db.query("SELECT id FROM users WHERE role = 'root_admin'");
    expect(rows).toHaveLength(1);
    // Restore a matrix root_admin for the remaining tests.
    await db.query("UPDATE users SET role = 'root_admin' WHERE id = $1", [staff.users.revoked.id]);
    staff.headers.root_admin.cookie = await staff.cookieFor(staff.users.revoked.id);
  });
});

describe("profile", () => {
  const form = (parts: Record<string, string | File>) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(parts)) f.append(k, v);
    return f;
  };
  const upload = (cookie: string, parts: Record<string, string | File>) =>
    updateProfile(
      new Request(`${SITE}/api/update-profile`, {
        method: "POST",
        headers: { cookie, origin: SITE },
        body: form(parts),
      }),
    );

  it("answers email, role and a default image when none was chosen", async () => {
    const res = await call(profile, "GET", "/api/profile", staff.headers.admin.cookie);
    expect(await res.json()).toEqual({
      email: staff.users.admin.email,
      role: "admin",
      profile_image: DEFAULT_PROFILE_IMAGE,
    });
  });

  it("stores an image checked by its bytes, re-encoded as WebP, and deletes the previous one", async () => {
    const cookie = staff.headers.reader.cookie!;
    const first = (await (await upload(cookie, { profileImage: new File([PNG], "a.png") })).json()) as {
      profile_image: string;
      message: string;
    };
    expect(first.message).toBe("Profile updated successfully!");
    expect(first.profile_image).toMatch(/^\/api\/media\/public\/[0-9a-f-]{36}\.webp$/);
    const firstKey = first.profile_image.replace("/api/media/", "");
    expect(await storage.get(firstKey)).not.toBeNull();
    const second = (await (await upload(cookie, { profileImage: new File([PNG], "b.png") })).json()) as {
      profile_image: string;
    };
    expect(second.profile_image).not.toBe(first.profile_image);
    expect(await storage.get(firstKey)).toBeNull();
    expect(await storage.get(firstKey.replace(/\.webp$/, ".w128.webp"))).toBeNull();
    const p = (await (await call(profile, "GET", "/api/profile", cookie)).json()) as {
      profile_image: string;
    };
    expect(p.profile_image).toBe(second.profile_image);
  });

  it("refuses a file that is not PNG, JPEG or WebP by its bytes, one over 4 MB, and a JSON body", async () => {
    const cookie = staff.headers.reader.cookie!;
    const fake = await upload(cookie, {
      profileImage: new File(["<svg onload=alert(1)>"], "x.png", { type: "image/png" }),
    });
    expect(fake.status).toBe(400);
    expect(await errorOf(fake)).toMatch(/PNG, JPG, WebP/);
    const big = new Uint8Array(4 * 1024 * 1024 + 10);
    big.set(PNG);
    const tooBig = await upload(cookie, { profileImage: new File([big], "big.png") });
    expect([413]).toContain(tooBig.status);
    const asJson = await call(updateProfile, "POST", "/api/update-profile", cookie, {
      password: "a-good-long-password",
    });
    expect(asJson.status).toBe(415);
    expect((await upload(cookie, {})).status).toBe(400);
  });

  it("changes the password with the rules and ends the user's other sessions, keeping this one", async () => {
    const r = await call(addUser, "POST", "/api/add-user", root(), {
      email: email(),
      password: "first-long-password",
    });
    const { user } = (await r.json()) as { user: { id: number; email: string } };
    const mine = await staff.cookieFor(user.id);
    const other = await staff.cookieFor(user.id);
    const weak = await upload(mine, { password: "short", current_password: "first-long-password" });
    expect(weak.status).toBe(400);
    expect(await errorOf(weak)).toMatch(/at least 12/);
    // Someone at an unattended browser holds the session, not the password: refused.
    const without = await upload(mine, { password: "second-long-password" });
    expect(without.status).toBe(400);
    expect(await errorOf(without)).toBe("Enter your current password to set a new one.");
    const wrong = await upload(mine, {
      password: "second-long-password",
      current_password: "not-the-password",
    });
    expect(wrong.status).toBe(400);
    expect(await errorOf(wrong)).toBe("The current password is not correct.");
    expect(await loggedIn(other)).toBe(true);
    const common = await upload(mine, { password: "qwertyuiop123", current_password: "first-long-password" });
    expect(common.status).toBe(400);
    expect(await errorOf(common)).toMatch(/too common/);
    const ok = await upload(mine, {
      password: "second-long-password",
      current_password: "first-long-password",
    });
    expect(ok.status).toBe(200);
    await settled();
    expect(outbox.filter((m) => m.to === user.email).map((m) => m.subject)).toContain(
      "Your password was changed",
    );
    expect(await loggedIn(mine)).toBe(true);
    expect(await loggedIn(other)).toBe(false);
    expect(
      (
        await call(login, "POST", "/api/login", undefined, {
          email: user.email,
          password: "first-long-password",
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await call(login, "POST", "/api/login", undefined, {
          email: user.email,
          password: "second-long-password",
        })
      ).status,
    ).toBe(200);
  });

  it("keeps nothing half-written: a failing storage changes neither the row nor the files", async () => {
    const cookie = staff.headers.admin.cookie!;
    const before = (
      await t.db.query<{ profile_image: string | null }>("SELECT profile_image FROM users WHERE id = $1", [
        staff.users.admin.id,
      ])
    )[0]!;
    ports = {
      db: t.db,
      storage: {
        ...storage,
        put: async () => {
          throw new Error("storage down");
        },
      },
    };
    try {
      const res = await upload(cookie, { profileImage: new File([PNG], "a.png") });
      expect(res.status).toBe(500);
      expect(await errorOf(res)).not.toContain("storage down");
    } finally {
      ports = { db: t.db, storage, mail: mailer, sleep: noWait };
    }
    const after = (
      await t.db.query<{ profile_image: string | null }>("SELECT profile_image FROM users WHERE id = $1", [
        staff.users.admin.id,
      ])
    )[0]!;
    expect(after).toEqual(before);
  });
});
