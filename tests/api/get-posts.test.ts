import { afterAll, beforeAll, describe, expect, it } from "vitest";
import handlerFn from "../../netlify/functions/get-posts";
import { resetEnv } from "../../src/server/platform/env";
import { seed } from "../../scripts/seed/seed";
import { apiDb, type TestDb } from "../helpers/db";
import { withPorts, type GivenPorts } from "../helpers/ports";

/** The back ends every call of this file's functions gets (tests/helpers/ports.ts). */
let ports: GivenPorts = {};
const handler = withPorts(handlerFn, () => ports);

let t: TestDb;
beforeAll(async () => {
  t = await apiDb();
  await seed(t.db);
  ports = { db: t.db };
});
afterAll(async () => {
  await t.close();
});

const call = (path: string, init?: RequestInit) => handler(new Request(`http://localhost:4321${path}`, init));

describe("GET /api/get-posts", () => {
  it("answers { posts } with the SPEC fields", async () => {
    const res = await call("/api/get-posts");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    const body = (await res.json()) as { posts: Record<string, unknown>[] };
    expect(body.posts.length).toBeGreaterThanOrEqual(8);
    expect(body.posts.length).toBeLessThanOrEqual(10);
    for (const key of ["id", "title", "author", "date", "content", "image1", "image2", "category"])
      expect(body.posts[0]).toHaveProperty(key);
  });

  it("filters by category and refuses an unknown one", async () => {
    const ok = (await (await call("/api/get-posts?category=Containers")).json()) as {
      posts: { category: string }[];
    };
    expect(ok.posts.length).toBeGreaterThan(0);
    expect(ok.posts.every((p) => p.category === "Containers")).toBe(true);
    const bad = await call("/api/get-posts?category=Gardening");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toHaveProperty("error");
  });

  it("refuses other methods with 405 and a JSON error", async () => {
    const res = await call("/api/get-posts", { method: "DELETE" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET");
    expect(await res.json()).toHaveProperty("error");
  });

  it("answers 503 with Retry-After when the database is unreachable", async () => {
    ports = {};
    process.env.DATABASE_URL = "postgres://postgres@127.0.0.1:1/postgres";
    resetEnv();
    try {
      const res = await call("/api/get-posts");
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBeTruthy();
      expect(await res.json()).toHaveProperty("error");
    } finally {
      delete process.env.DATABASE_URL;
      resetEnv();
      ports = { db: t.db };
    }
  });
});
