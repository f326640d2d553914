import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnv } from "../../src/server/platform/env";
import { seed } from "../../scripts/seed/seed";
import { getPostsApi } from "../../src/shared/blog/api";
import { apiHarness, type ApiHarness } from "../helpers/api";

let api: ApiHarness;
beforeAll(async () => {
  api = await apiHarness();
  await seed(api.db.db);
});
afterAll(() => api.close());

describe("GET /api/get-posts", () => {
  it("answers { posts } with the SPEC fields", async () => {
    const res = await api.call(getPostsApi);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    const body = (await res.json()) as { posts: Record<string, unknown>[] };
    expect(body.posts.length).toBeGreaterThanOrEqual(8);
    expect(body.posts.length).toBeLessThanOrEqual(10);
    for (const key of ["id", "title", "author", "date", "content", "image1", "image2", "category"])
      expect(body.posts[0]).toHaveProperty(key);
  });

  it("filters by category and refuses an unknown one", async () => {
    const ok = (await (await api.call(getPostsApi, { query: { category: "Containers" } })).json()) as {
      posts: { category: string }[];
    };
    expect(ok.posts.length).toBeGreaterThan(0);
    expect(ok.posts.every((p) => p.category === "Containers")).toBe(true);
    const bad = await api.call(getPostsApi, { query: { category: "Gardening" } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toHaveProperty("error");
  });

  it("refuses other methods with 405 and a JSON error", async () => {
    const res = await api.call(getPostsApi, { method: "DELETE" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET");
    expect(await res.json()).toHaveProperty("error");
  });

  it("answers 503 with Retry-After when the database is unreachable", async () => {
    process.env.DATABASE_URL = "postgres://postgres@127.0.0.1:1/postgres";
    resetEnv();
    try {
      // No database handed in: the function opens the environment's, which is not there.
      const res = await api.call(getPostsApi, { ports: { db: undefined } });
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBeTruthy();
      expect(await res.json()).toHaveProperty("error");
    } finally {
      delete process.env.DATABASE_URL;
      resetEnv();
    }
  });
});
