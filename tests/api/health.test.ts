/**
 * GET /api/health: anonymous callers and staff below root_admin learn only ok or not ok; a
 * root_admin also sees the adapters, the migrations and one round trip per part, never a secret.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "../../src/server/platform/db/db";
import { env } from "../../src/server/platform/env";
import type { Storage } from "../../src/server/platform/storage/storage";
import { healthApi } from "../../src/shared/api/platform";
import { apiHarness, type ApiHarness, type CallOptions } from "../helpers/api";
import type { Caller } from "../helpers/staff-matrix";

let api: ApiHarness;
let db: Db;
const call = (as?: Caller, ports?: CallOptions["ports"]) => api.call(healthApi, { as, ports });

const downDb: Db = {
  query: () =>
    Promise.reject(Object.assign(new Error("connect ECONNREFUSED 10.0.0.7:5432"), { code: "ECONNREFUSED" })),
  transaction: () => Promise.reject(new Error("down")),
  exec: () => Promise.reject(new Error("down")),
  close: async () => {},
};

beforeAll(async () => {
  api = await apiHarness();
  db = api.db.db;
});
afterAll(() => api.close());

describe("GET /api/health", () => {
  it("tells the public only that all is well", async () => {
    const res = await call();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(res.headers.get("cache-control")).toContain("no-store");
  });

  it.each(["anonymous", "reader", "admin", "revoked"] as const)("gives %s the public answer", async (who) => {
    const res = await call(who);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  it("shows a root_admin the adapters, migrations and round trips", async () => {
    const res = await call("root_admin");
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      ok: true,
      adapters: { database: "embedded (pglite)", storage: "local files", mail: "outbox" },
      migrations: { current: true, pending: [] },
      parts: {
        database: { ok: true, roundTripMs: expect.any(Number) as unknown },
        storage: { ok: true, roundTripMs: expect.any(Number) as unknown },
        mail: { ok: true, roundTripMs: expect.any(Number) as unknown },
      },
    });
    const text = JSON.stringify(body);
    expect(text).not.toContain(env().sessionSecret!);
    expect(text).not.toContain(env().dataDir);
  });

  it("says not ok with 503 when the database is away, naming only an error code to a root_admin", async () => {
    // The session is read from the live database; the check's own query meets a dead one.
    const halfDown: Db = {
      ...db,
      query: (sql, params) => (/schema_migrations/.test(sql) ? downDb.query(sql) : db.query(sql, params)),
    };
    const root = await call("root_admin", { db: halfDown });
    expect(root.status).toBe(503);
    const body = (await root.json()) as { ok: boolean; parts: { database: Record<string, unknown> } };
    expect(body.ok).toBe(false);
    expect(body.parts.database).toEqual({ ok: false, roundTripMs: null, problem: "ECONNREFUSED" });
    expect(JSON.stringify(body)).not.toContain("10.0.0.7");
  });

  it("says not ok to the public when the database is away", async () => {
    const later = Date.now() + 10_001; // past the check anonymous callers share
    vi.spyOn(Date, "now").mockReturnValue(later);
    try {
      const res = await call(undefined, { db: downDb });
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ ok: false });
    } finally {
      vi.restoreAllMocks();
    }
  });

  it("says not ok when storage fails", async () => {
    const broken = { get: () => Promise.reject(Object.assign(new Error("x"), { name: "NoSuchBucket" })) };
    const res = await call("root_admin", { storage: broken as unknown as Storage });
    expect(res.status).toBe(503);
    const body = (await res.json()) as { parts: { storage: Record<string, unknown> } };
    expect(body.parts.storage).toEqual({ ok: false, roundTripMs: null, problem: "NoSuchBucket" });
  });

  it("says not ok when a migration is missing from the database", async () => {
    const [last] = await db.query<{ version: string }>(
      "SELECT version FROM schema_migrations ORDER BY version DESC LIMIT 1",
    );
    await db.query("DELETE FROM schema_migrations WHERE version = $1", [last!.version]);
    try {
      const res = await call("root_admin");
      expect(res.status).toBe(503);
      const body = (await res.json()) as { migrations: unknown };
      expect(body.migrations).toMatchObject({ current: false, pending: [last!.version] });
    } finally {
      await db.query("INSERT INTO schema_migrations (version) VALUES ($1)", [last!.version]);
    }
  });
});
