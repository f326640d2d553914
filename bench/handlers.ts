/**
 * In-process handler times of every read endpoint and on-demand page against a real PostgreSQL,
 * at demo size (the seed, its posts topped up to 10) and at 10,000 posts, jobs, applications,
 * inquiries and comments.
 * Each call opens and closes its own connection, as a function does in production.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createApp } from "../src/server/http/app";
import { createSession } from "../src/server/staff/sessions";
import { type Db } from "../src/server/platform/db/db";
import { createPgDb } from "../src/server/platform/db/pg";
import { resetEnv } from "../src/server/platform/env";
import { migrate } from "../src/server/platform/db/migrate";
import { seed } from "../scripts/seed/seed";
import { loadFunctions, route } from "../scripts/lib/functions";
import { ms, percentile, table } from "./lib/stats";

const READS = [
  "/api/get-posts",
  "/api/get-post-detail/{post}",
  "/api/get-comments/{post}",
  "/api/jobs",
  "/api/faqs",
  "/api/check-session",
  "/api/profile",
  "/api/applications",
  "/api/application_data",
  "/api/admin-comments?filter=all",
  "/api/inquiries",
  "/api/get-users",
];
const PAGES = ["/blog", "/blog/{post}", "/carrier"];

async function bulk(db: Db, n: number) {
  await db.exec(`
    INSERT INTO posts (title, author, date, content, category)
      SELECT 'Post number ' || g, 'Author ' || (g % 17), now() - (g || ' minutes')::interval,
             repeat('Managed cloud operations notes. ', 40),
             (ARRAY['Cloud Computing','Containers','Servers','Data Science','Artificial Intelligence','Networking'])[1 + g % 6]
        FROM generate_series(1, ${n}) g;
    INSERT INTO comments (post_id, name, email, comment)
      SELECT (SELECT max(id) FROM posts) - (g % 50), 'Reader ' || g, 'reader' || g || '@example.com', 'Useful, thanks ' || g
        FROM generate_series(1, ${n}) g;
    INSERT INTO jobs (job_title, required_experience, skills, description)
      SELECT 'Engineer ' || g, g % 10, 'Linux, AWS', 'Run production systems for customers. ' || g FROM generate_series(1, ${n}) g;
    INSERT INTO faqs (question, answer, answered_at)
      SELECT 'Question ' || g || '?', CASE WHEN g % 3 = 0 THEN NULL ELSE 'Answer ' || g END,
             CASE WHEN g % 3 = 0 THEN NULL ELSE now() END FROM generate_series(1, ${n}) g;
    INSERT INTO applications (job_id, first_name, last_name, email, mobile, native_place, gender, total_experience,
        it_experience, current_company, notice_period, willing_to_relocate, skills, resume_key, resume_filename, resume_type, status)
      SELECT NULL, 'First' || g, 'Last' || g, 'candidate' || g || '@example.com', '+919876543210', 'Chennai', 'Other', 5, 4,
             'Acme', 'immediate', 'Yes', 'Linux, AWS', 'private/00000000-0000-4000-8000-000000000000.pdf', 'cv.pdf',
             'application/pdf', (ARRAY['New','Rejected','Selected','Maybe'])[1 + g % 4]
        FROM generate_series(1, ${n}) g;
    INSERT INTO inquiries (full_name, email, org_name, job_title, industry, company_size, mobile, budget, project_type, project_details)
      SELECT 'Buyer ' || g, 'buyer' || g || '@acme.com', 'Acme ' || g, 'CTO', 'Retail', '50-100', '+14155552671',
             '$5000-$10000', 'Normal', 'We need help. ' || g FROM generate_series(1, ${n}) g;
    ANALYZE;
  `);
}

async function time(fn: () => Promise<Response>, iterations: number) {
  const times: number[] = [];
  let status = 0;
  for (let i = 0; i < iterations + 10; i++) {
    const t = performance.now();
    const res = await fn();
    await res.arrayBuffer();
    status = res.status;
    if (i >= 10) times.push(performance.now() - t);
  }
  return { status, p50: percentile(times, 50), p99: percentile(times, 99) };
}

export interface HandlerFigure {
  scale: string;
  path: string;
  status: number;
  p50: number;
  p99: number;
}

/** At most this many posts: the seed, topped up; above it, `bulk` rows of every table. */
const SMALL = 100;

/** One scale per process: the built SSR bundle keeps its own copy of the environment. */
export async function benchHandlers(
  adminUrl: string,
  n: number,
  root = process.cwd(),
): Promise<HandlerFigure[]> {
  const results: HandlerFigure[] = [];
  const ssrFile = path.join(root, ".netlify/v1/functions/ssr/ssr.mjs");
  const ssr = existsSync(ssrFile)
    ? ((await import(pathToFileURL(ssrFile).href)) as {
        default: (r: Request, c: unknown) => Promise<Response>;
      })
    : undefined;
  let scale = n.toLocaleString("en-US");
  {
    const admin = await createPgDb(adminUrl, 1);
    const name = `bench_${n}_${Date.now()}`;
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.close();
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    const db = await createPgDb(u.toString());
    await migrate(db);
    await seed(db, { admin: { email: "bench@example.com", password: "bench-password-123456" } });
    if (n > SMALL) await bulk(db, n);
    else {
      // The seed's own content, its posts topped up to n (one full page of the blog list).
      const [row] = await db.query<{ count: number | string }>("SELECT count(*) AS count FROM posts");
      const seeded = Number(row?.count ?? 0);
      await db.query(
        `INSERT INTO posts (title, author, date, content, category)
           SELECT 'Post number ' || g, 'Author ' || g, now() - (g || ' days')::interval,
                  repeat('Managed cloud operations notes. ', 40), 'Cloud Computing'
             FROM generate_series(1, $1::int) g`,
        [Math.max(0, n - seeded)],
      );
      scale = `${Math.max(n, seeded)} posts (${seeded} from the seed)`;
    }
    const { id: post, slug } = (
      await db.query<{ id: number; slug: string }>(
        "SELECT id, slug FROM posts ORDER BY date DESC LIMIT 1 OFFSET 5",
      )
    )[0]!;
    process.env.DATABASE_URL = u.toString();
    process.env.SESSION_SECRET ??= "bench-secret-bench-secret-bench-secret-0000";
    process.env.LOG_LEVEL = "silent";
    resetEnv();
    const app = createApp(new Request("http://localhost/"));
    const user = (
      await db.query<{ id: number }>("SELECT id FROM users WHERE email = 'bench@example.com'")
    )[0]!;
    const token = await createSession(app.deps, user.id);
    await app.dispose();
    const cookie = `__Host-session=${token}`;
    const fns = await loadFunctions(root);
    const iterations = 100;
    for (const p of READS) {
      const url = `http://localhost:4321${p.replace("{post}", String(post))}`;
      const fn = route(fns, new URL(url).pathname);
      if (!fn) continue;
      const r = await time(() => fn.handler(new Request(url, { headers: { cookie } }), {}), iterations);
      results.push({ scale, path: p, ...r });
    }
    if (ssr) {
      for (const p of PAGES) {
        // A post page lives at its slug (/blog/<id> only redirects there).
        const url = `http://localhost:4321${p.replace("{post}", slug)}`;
        const r = await time(() => ssr.default(new Request(url), {}), iterations);
        results.push({ scale, path: `${p} (page)`, ...r });
      }
    }
    await db.close();
    const a = await createPgDb(adminUrl, 1);
    await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await a.close();
  }
  return results;
}

export function handlersTable(results: HandlerFigure[]): string {
  return table(
    ["endpoint (in-process, PostgreSQL)", "rows", "status", "p50", "p99"],
    results.map((r) => [r.path, r.scale, r.status, ms(r.p50), ms(r.p99)]),
  );
}

// `tsx bench/handlers.ts <adminUrl> <rows>` prints the figures as JSON (used by bench/run.ts).
if (process.argv[1]?.endsWith("handlers.ts") && process.argv[2]) {
  const figures = await benchHandlers(process.argv[2], Number(process.argv[3] ?? 0));
  console.log(`BENCH_JSON ${JSON.stringify(figures)}`);
  process.exit(0);
}
