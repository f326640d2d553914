/**
 * The blog stays flat as it grows: with 10,000 posts the list and the post page's neighbour
 * queries walk an index and stop after a few rows; none sorts the whole table.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getPostDetail, listPosts } from "../../src/server/blog/posts";
import type { Db, Row } from "../../src/server/platform/db/db";
import { BACKENDS, requirePostgres, type TestDb } from "../helpers/db";

const POSTS = 10_000;

interface PlanNode {
  "Node Type": string;
  "Index Name"?: string;
  "Relation Name"?: string;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

/** A Db that remembers the statements a service runs, to EXPLAIN exactly those. */
function recording(db: Db) {
  const seen: { sql: string; params: unknown[] }[] = [];
  const wrapped: Db = {
    query<T extends Row>(sql: string, params: unknown[] = []) {
      seen.push({ sql, params });
      return db.query<T>(sql, params);
    },
    transaction: (fn) => db.transaction(fn),
    exec: (sql) => db.exec(sql),
    close: () => db.close(),
  };
  return { db: wrapped, seen };
}

async function explain(db: Db, sql: string, params: unknown[]): Promise<PlanNode[]> {
  const rows = await db.query<{ "QUERY PLAN": unknown }>(`EXPLAIN (FORMAT JSON) ${sql}`, params);
  const raw = rows[0]!["QUERY PLAN"];
  const doc = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  return nodes(doc[0]!.Plan);
}

describe.each(BACKENDS)("blog at 10,000 posts on $name", ({ name, open }) => {
  let t: TestDb | undefined;
  beforeAll(async () => {
    t = await open();
    if (!t && name === "postgres" && requirePostgres()) throw new Error("PG_TEST_URL is not set");
    if (!t) return;
    await t.db.query(
      `INSERT INTO posts (title, author, content, category, date)
       SELECT 'Post ' || g, 'Author ' || (g % 37), repeat('Body text. ', 200),
              (ARRAY['Cloud Computing','Containers','Servers','Data Science','Networking','Artificial Intelligence'])[1 + g % 6],
              timestamptz '2020-01-01' + g * interval '1 hour'
         FROM generate_series(1, $1) AS g`,
      [POSTS],
    );
    await t.db.query("ANALYZE posts");
  }, 120_000);
  afterAll(async () => t?.close());

  it("lists a page of posts with an index scan, never a sort of the table", async (ctx) => {
    if (!t) return ctx.skip();
    const r = recording(t.db);
    const page = await listPosts({ db: r.db }, { contentChars: 320 });
    expect(page.posts).toHaveLength(10);
    expect(page.posts[0]!.title).toBe(`Post ${POSTS}`);
    expect(page.hasMore).toBe(true);
    const plan = await explain(t.db, r.seen[0]!.sql, r.seen[0]!.params);
    const types = plan.map((n) => n["Node Type"]);
    expect(types).toContain("Limit");
    expect(types).not.toContain("Sort");
    expect(types).not.toContain("Seq Scan");
    expect(plan.some((n) => n["Node Type"] === "Index Scan" && n["Index Name"] === "posts_date_idx")).toBe(
      true,
    );
  });

  it("filters by tag and pages with the (category, date, id) index", async (ctx) => {
    if (!t) return ctx.skip();
    const r = recording(t.db);
    const page = await listPosts({ db: r.db }, { category: "Servers", page: 3 });
    expect(page.posts).toHaveLength(10);
    expect(page.posts.every((p) => p.category === "Servers")).toBe(true);
    const plan = await explain(t.db, r.seen[0]!.sql, r.seen[0]!.params);
    expect(plan.map((n) => n["Node Type"])).not.toContain("Sort");
    expect(plan.map((n) => n["Node Type"])).not.toContain("Seq Scan");
    expect(plan.some((n) => n["Index Name"] === "posts_category_date_idx")).toBe(true);
  });

  it("finds a post's neighbours through the index", async (ctx) => {
    if (!t) return ctx.skip();
    const [{ id }] = (await t.db.query<{ id: number }>("SELECT id FROM posts WHERE title = 'Post 5000'")) as [
      { id: number },
    ];
    const r = recording(t.db);
    const detail = (await getPostDetail({ db: r.db }, id))!;
    expect(detail.previous!.title).toBe("Post 4999");
    expect(detail.next!.title).toBe("Post 5001");
    for (const q of r.seen) {
      const types = (await explain(t.db, q.sql, q.params)).map((n) => n["Node Type"]);
      expect(types, q.sql).not.toContain("Sort");
      expect(types, q.sql).not.toContain("Seq Scan");
    }
  });
});
