/**
 * Adapters live as long as the function instance: the database pool, the S3 client and the
 * SES client are built once and shared by the requests that follow; a pool left idle longer
 * than a frozen instance's connections can be trusted is replaced; tests' own back ends win.
 */
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../src/server/http/app";
import { resetEnv } from "../../src/server/platform/env";
import { acquireDb, POOL_IDLE_MS, releaseDb } from "../../src/server/platform/instance";
import type { Storage } from "../../src/server/platform/storage/storage";

const saved = { ...process.env };
const req = () => new Request("http://localhost:4321/api/x");

beforeEach(() => {
  // Nothing listens on these ports: a pool and clients are made without connecting.
  Object.assign(process.env, {
    DATABASE_URL: "postgres://postgres@127.0.0.1:1/postgres",
    S3_BUCKET: "uploads",
    S3_ENDPOINT: "http://127.0.0.1:1",
    SES_ENDPOINT: "http://127.0.0.1:1",
  });
  resetEnv();
});
afterAll(() => {
  for (const k of ["DATABASE_URL", "S3_BUCKET", "S3_ENDPOINT", "SES_ENDPOINT"]) delete process.env[k];
  Object.assign(process.env, saved);
  resetEnv();
});

describe("adapters of a function instance", () => {
  it("share one database pool, S3 client and SES client across requests", async () => {
    const a = createApp(req());
    const b = createApp(req());
    const [dbA, storageA, mailA] = [await a.open.db(), await a.open.storage(), await a.open.mail()];
    await a.dispose();
    const [dbB, storageB, mailB] = [await b.open.db(), await b.open.storage(), await b.open.mail()];
    await b.dispose();
    expect(dbB).toBe(dbA);
    expect(storageB).toBe(storageA);
    expect(mailB).toBe(mailA);
  });

  it("replaces a pool that sat idle longer than POOL_IDLE_MS, and only then", async () => {
    const t0 = Date.now();
    const first = await acquireDb(t0);
    releaseDb(t0);
    const warm = await acquireDb(t0 + POOL_IDLE_MS - 1);
    releaseDb(t0 + POOL_IDLE_MS - 1);
    expect(warm).toBe(first);
    const cold = await acquireDb(t0 + 2 * POOL_IDLE_MS + 1);
    releaseDb(t0 + 2 * POOL_IDLE_MS + 1);
    expect(cold).not.toBe(first);
  });

  it("never replaces a pool while a request holds it", async () => {
    const t0 = Date.now();
    const held = await acquireDb(t0);
    const again = await acquireDb(t0 + 10 * POOL_IDLE_MS);
    expect(again).toBe(held);
    releaseDb();
    releaseDb();
  });

  it("gives a new setup new adapters", async () => {
    const before = await createApp(req()).open.storage();
    process.env.S3_BUCKET = "other";
    resetEnv();
    expect(await createApp(req()).open.storage()).not.toBe(before);
  });

  it("still lets tests hand in their own back ends", async () => {
    const mine = { put: async () => {} } as unknown as Storage;
    expect(await createApp(req(), undefined, { storage: mine }).open.storage()).toBe(mine);
  });
});

describe("a request's clock", () => {
  const named = "2031-05-06T07:08:09.000Z";
  const at = () => new Request("http://localhost:4321/api/x", { headers: { "x-test-clock": named } });

  it("is the real time, whatever the request says, unless the server is started for tests", () => {
    const before = Date.now();
    const now = createApp(at()).deps.now().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it("is the moment the request names on the end-to-end tests' server (TEST_CLOCK=on)", () => {
    process.env.TEST_CLOCK = "on";
    resetEnv();
    try {
      expect(createApp(at()).deps.now().toISOString()).toBe(named);
      // Without the header, or with one that names no time, the real time.
      const plain = createApp(req()).deps.now().getTime();
      expect(Math.abs(plain - Date.now())).toBeLessThan(5_000);
      const garbled = new Request("http://localhost:4321/api/x", { headers: { "x-test-clock": "soon" } });
      expect(Math.abs(createApp(garbled).deps.now().getTime() - Date.now())).toBeLessThan(5_000);
    } finally {
      delete process.env.TEST_CLOCK;
      resetEnv();
    }
  });
});
