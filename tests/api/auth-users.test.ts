/** User admin and profile: validation, duplicates, the last root_admin, sessions ended by changes. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_PROFILE_IMAGE } from "../../src/shared/staff/staff";
import { passwordProblem } from "../../src/shared/staff/password-rules";
import {
  addUserApi,
  checkSessionApi,
  deleteUserApi,
  editUserApi,
  getUsersApi,
  loginApi,
  profileApi,
  updateProfileApi,
} from "../../src/shared/staff/api";
import { settled } from "../../src/server/http/endpoint";
import type { Db } from "../../src/server/platform/db/db";
import { type Storage } from "../../src/server/platform/storage/storage";
import { createLocalStorage } from "../../src/server/platform/storage/local";
import { apiHarness, type ApiHarness } from "../helpers/api";
import { count } from "../helpers/dashboard-fixtures";
import { ROLES } from "../../src/shared/staff/staff";
import { auditLogApi } from "../../src/shared/audit/api";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
let api: ApiHarness;
let db: Db;
let storage: Storage;

const loggedIn = async (cookie: string) =>
  ((await (await api.call(checkSessionApi, { cookie })).json()) as { loggedIn: boolean }).loggedIn;
const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;
let n = 0;
const email = () => `user-${++n}-${Date.now()}@example.com`;

beforeAll(async () => {
  storage = createLocalStorage(mkdtempSync(path.join(os.tmpdir(), "auth-storage-")), "secret");
  api = await apiHarness({ storage });
  db = api.db.db;
});
beforeEach(async () => {
  // The root_admin's session is used throughout; keep it fresh if a test ended it.
  const { headers, users, cookieFor } = api.staff;
  if (!(await loggedIn(headers.root_admin.cookie!)))
    headers.root_admin.cookie = await cookieFor(users.root_admin.id);
});
afterAll(() => api.close());

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
    const res = await api.call(addUserApi, {
      as: "root_admin",
      body: { email: e, password: "a-good-long-password" },
    });
    const body = JSON.stringify(await res.json());
    expect(body).not.toMatch(/password/i);
    const row = (
      await db.query<{ password_hash: string }>("SELECT password_hash FROM users WHERE email = $1", [e])
    )[0]!;
    expect(row.password_hash).toMatch(/^\$2[aby]\$(1[0-9]|[2-3][0-9])\$/);
    const list = JSON.stringify(await (await api.call(getUsersApi, { as: "root_admin" })).json());
    expect(list).not.toMatch(/password|\$2[aby]\$/);
  });
});

describe("user admin", () => {
  it("adds a user with role reader by default, then lists it", async () => {
    const e = email();
    const res = await api.call(addUserApi, {
      as: "root_admin",
      body: { email: e.toUpperCase(), password: "a-good-long-password" },
    });
    expect(res.status).toBe(201);
    const { user } = (await res.json()) as { user: { id: number; email: string; role: string } };
    expect(user).toMatchObject({ email: e, role: "reader" });
    const { users } = (await (await api.call(getUsersApi, { as: "root_admin" })).json()) as {
      users: { id: number }[];
    };
    expect(users.map((u) => u.id)).toContain(user.id);
    expect(Object.keys(users[0]!).sort()).toEqual(["email", "id", "role"]);
  });

  it("refuses a duplicate e-mail with 409, a weak password, a bad e-mail and an unknown role with 400", async () => {
    const e = email();
    await api.call(addUserApi, { as: "root_admin", body: { email: e, password: "a-good-long-password" } });
    const dup = await api.call(addUserApi, {
      as: "root_admin",
      body: { email: e, password: "a-good-long-password" },
    });
    expect(dup.status).toBe(409);
    expect(await errorOf(dup)).toMatch(/already exists/);
    expect(
      (await api.call(addUserApi, { as: "root_admin", body: { email: email(), password: "short" } })).status,
    ).toBe(400);
    expect(
      (
        await api.call(addUserApi, {
          as: "root_admin",
          body: { email: "not-an-email", password: "a-good-long-password" },
        })
      ).status,
    ).toBe(400);
    const role = await api.call(addUserApi, {
      as: "root_admin",
      body: { email: email(), password: "a-good-long-password", role: "owner" },
    });
    expect(role.status).toBe(400);
    expect(await errorOf(role)).toMatch(/role/);
  });

  it("edits e-mail and role; a blank password keeps the old one; a duplicate e-mail is 409", async () => {
    const a = api.staff.users.reader;
    const other = email();
    await api.call(addUserApi, {
      as: "root_admin",
      body: { email: other, password: "a-good-long-password" },
    });
    const dup = await api.call(editUserApi, {
      as: "root_admin",
      params: { id: a.id },
      body: { email: other, role: "reader" },
    });
    expect(dup.status).toBe(409);
    const target = (await (
      await api.call(addUserApi, {
        as: "root_admin",
        body: { email: email(), password: "keep-this-password" },
      })
    ).json()) as { user: { id: number; email: string } };
    const renamed = email();
    const ok = await api.call(editUserApi, {
      as: "root_admin",
      params: { id: target.user.id },
      body: { email: renamed, role: "admin", password: "" },
    });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { user: unknown }).user).toEqual({
      id: target.user.id,
      email: renamed,
      role: "admin",
    });
    const signIn = await api.call(loginApi, { body: { email: renamed, password: "keep-this-password" } });
    expect(signIn.status).toBe(200);
    expect(
      (
        await api.call(editUserApi, {
          as: "root_admin",
          params: { id: 999999 },
          body: { email: email(), role: "admin" },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await api.call(editUserApi, {
          as: "root_admin",
          params: { id: "abc" },
          body: { email: email(), role: "admin" },
        })
      ).status,
    ).toBe(400);
  });

  it("a role change, a new password or a deletion ends that user's sessions at once", async () => {
    const make = async () => {
      const r = await api.call(addUserApi, {
        as: "root_admin",
        body: { email: email(), password: "a-good-long-password", role: "admin" },
      });
      const { user } = (await r.json()) as { user: { id: number; email: string } };
      return { ...user, cookie: await api.staff.cookieFor(user.id) };
    };
    const a = await make();
    expect(await loggedIn(a.cookie)).toBe(true);
    await api.call(editUserApi, {
      as: "root_admin",
      params: { id: a.id },
      body: { email: a.email, role: "reader" },
    });
    expect(await loggedIn(a.cookie)).toBe(false);

    const b = await make();
    await api.call(editUserApi, {
      as: "root_admin",
      params: { id: b.id },
      body: { email: b.email, role: "admin", password: "another-long-password" },
    });
    expect(await loggedIn(b.cookie)).toBe(false);
    // The owner is told after the answer, once the change and its audit entry are committed.
    await settled();
    expect(api.outbox.filter((m) => m.to === b.email).map((m) => m.subject)).toContain(
      "Your password was changed",
    );

    const c = await make();
    await api.call(editUserApi, {
      as: "root_admin",
      params: { id: c.id },
      body: { email: email(), role: "admin" },
    });
    expect(await loggedIn(c.cookie)).toBe(true); // an e-mail change alone keeps the session

    const del = await api.call(deleteUserApi, { as: "root_admin", params: { id: c.id } });
    expect(del.status).toBe(200);
    expect(await loggedIn(c.cookie)).toBe(false);
    expect((await api.call(deleteUserApi, { as: "root_admin", params: { id: c.id } })).status).toBe(404);
  });

  it("never deletes or demotes the last root_admin, and nobody deletes themselves", async () => {
    const me = api.staff.users.root_admin;
    // Leave exactly one root_admin: the matrix one.
    await db.query("UPDATE users SET role = 'admin' WHERE role = 'root_admin' AND id <> $1", [me.id]);
    const demote = await api.call(editUserApi, {
      as: "root_admin",
      params: { id: me.id },
      body: { email: me.email, role: "admin" },
    });
    expect(demote.status).toBe(409);
    expect(await errorOf(demote)).toMatch(/at least one root_admin/);
    const self = await api.call(deleteUserApi, { as: "root_admin", params: { id: me.id } });
    expect(self.status).toBe(409);
    // With a second root_admin, the first may be demoted (and keeps the session it edits from).
    const second = (await (
      await api.call(addUserApi, {
        as: "root_admin",
        body: { email: email(), password: "a-good-long-password", role: "root_admin" },
      })
    ).json()) as { user: { id: number } };
    const otherCookie = await api.staff.cookieFor(second.user.id);
    const del = await api.call(deleteUserApi, { cookie: otherCookie, params: { id: me.id } });
    expect(del.status).toBe(200);
    // Now `second` is the only root_admin: it cannot demote itself.
    const last = await api.call(editUserApi, {
      cookie: otherCookie,
      params: { id: second.user.id },
      body: { email: email(), role: "reader" },
    });
    expect(last.status).toBe(409);
    const rows = await db.query("SELECT id FROM users WHERE role = 'root_admin'");
    expect(rows).toHaveLength(1);
    // Restore a matrix root_admin for the remaining tests.
    await db.query("UPDATE users SET role = 'root_admin' WHERE id = $1", [api.staff.users.revoked.id]);
    api.staff.headers.root_admin.cookie = await api.staff.cookieFor(api.staff.users.revoked.id);
  });
});

describe("profile", () => {
  const form = (parts: Record<string, string | File>) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(parts)) f.append(k, v);
    return f;
  };
  const upload = (cookie: string, parts: Record<string, string | File>, ports?: ApiHarness["ports"]) =>
    api.call(updateProfileApi, { cookie, form: form(parts), ports });

  it("answers email, role and a default image when none was chosen", async () => {
    const res = await api.call(profileApi, { as: "admin" });
    expect(await res.json()).toEqual({
      email: api.staff.users.admin.email,
      role: "admin",
      profile_image: DEFAULT_PROFILE_IMAGE,
    });
  });

  it("stores an image checked by its bytes, re-encoded as WebP, and deletes the previous one", async () => {
    const cookie = api.staff.headers.reader.cookie!;
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
    const p = (await (await api.call(profileApi, { cookie })).json()) as {
      profile_image: string;
    };
    expect(p.profile_image).toBe(second.profile_image);
  });

  it("refuses a file that is not PNG, JPEG or WebP by its bytes, one over 4 MB, and a JSON body", async () => {
    const cookie = api.staff.headers.reader.cookie!;
    const fake = await upload(cookie, {
      profileImage: new File(["<svg onload=alert(1)>"], "x.png", { type: "image/png" }),
    });
    expect(fake.status).toBe(400);
    expect(await errorOf(fake)).toMatch(/PNG, JPG, WebP/);
    const big = new Uint8Array(4 * 1024 * 1024 + 10);
    big.set(PNG);
    const tooBig = await upload(cookie, { profileImage: new File([big], "big.png") });
    expect([413]).toContain(tooBig.status);
    const asJson = await api.call(updateProfileApi, { cookie, body: { password: "a-good-long-password" } });
    expect(asJson.status).toBe(415);
    expect((await upload(cookie, {})).status).toBe(400);
  });

  it("changes the password with the rules and ends the user's other sessions, keeping this one", async () => {
    const r = await api.call(addUserApi, {
      as: "root_admin",
      body: { email: email(), password: "first-long-password" },
    });
    const { user } = (await r.json()) as { user: { id: number; email: string } };
    const mine = await api.staff.cookieFor(user.id);
    const other = await api.staff.cookieFor(user.id);
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
    expect(api.outbox.filter((m) => m.to === user.email).map((m) => m.subject)).toContain(
      "Your password was changed",
    );
    expect(await loggedIn(mine)).toBe(true);
    expect(await loggedIn(other)).toBe(false);
    expect(
      (await api.call(loginApi, { body: { email: user.email, password: "first-long-password" } })).status,
    ).toBe(401);
    expect(
      (await api.call(loginApi, { body: { email: user.email, password: "second-long-password" } })).status,
    ).toBe(200);
  });

  it("keeps nothing half-written: a failing storage changes neither the row nor the files", async () => {
    const cookie = api.staff.headers.admin.cookie!;
    const before = (
      await db.query<{ profile_image: string | null }>("SELECT profile_image FROM users WHERE id = $1", [
        api.staff.users.admin.id,
      ])
    )[0]!;
    const failing = {
      ...storage,
      put: async () => {
        throw new Error("storage down");
      },
    };
    const res = await upload(cookie, { profileImage: new File([PNG], "a.png") }, { storage: failing });
    expect(res.status).toBe(500);
    expect(await errorOf(res)).not.toContain("storage down");
    const after = (
      await db.query<{ profile_image: string | null }>("SELECT profile_image FROM users WHERE id = $1", [
        api.staff.users.admin.id,
      ])
    )[0]!;
    expect(after).toEqual(before);
  });
});

describe("roles by job", () => {
  it("adds and edits accounts of every role; an unknown code is a 400 that lists the valid ones", async () => {
    for (const role of ROLES) {
      const res = await api.call(addUserApi, {
        as: "root_admin",
        body: { email: email(), password: "a-good-long-password", role },
      });
      expect(res.status, await res.clone().text()).toBe(201);
      expect(((await res.json()) as { user: { role: string } }).user.role).toBe(role);
    }
    const target = api.staff.users.reader;
    for (const bad of ["owner", "Sales", "superuser"]) {
      const res = await api.call(editUserApi, {
        as: "root_admin",
        params: { id: target.id },
        body: { email: target.email, role: bad },
      });
      expect(res.status).toBe(400);
      const error = await errorOf(res);
      for (const role of ROLES) expect(error).toContain(role);
    }
    expect(await count(api.db.db, "users", "id = $1 AND role = 'reader'", [target.id])).toBe(1);
  });

  it("records a role change in the audit trail, shown by its codes to the API", async () => {
    const created = await api.call(addUserApi, {
      as: "root_admin",
      body: { email: email(), password: "a-good-long-password", role: "editor" },
    });
    const { user } = (await created.json()) as { user: { id: number; email: string } };
    const res = await api.call(editUserApi, {
      as: "root_admin",
      params: { id: user.id },
      body: { email: user.email, role: "recruiter" },
    });
    expect(res.status).toBe(200);
    await settled();
    const log = await api.call(auditLogApi, { as: "root_admin", query: { action: "user.update" } });
    const { entries } = (await log.json()) as {
      entries: { entityId: string | null; changes: Record<string, { from: unknown; to: unknown }> }[];
    };
    const entry = entries.find((e) => e.entityId === String(user.id));
    expect(entry?.changes.role).toEqual({ from: "editor", to: "recruiter" });
  });
});
