/**
 * The leads pipeline at 100,000 leads: p50 and p99 of the list and of search through the real
 * GET /api/inquiries handler, in-process against PostgreSQL (each call checks the staff session,
 * as in production). Goal: p99 under 50 ms for every list and search.
 *
 *   npm run bench:leads          on its own: starts a PostgreSQL, measures, and replaces only its
 *                                own section of bench/latest.md
 *   npm run bench                includes it (bench/run.ts)
 *   tsx bench/leads.ts <adminUrl> [leads] [--write]   on a running server; prints BENCH_JSON, or
 *                                with --write replaces its section of bench/latest.md
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createApp } from "../src/server/http/app";
import { createSession } from "../src/server/staff/sessions";
import type { Db } from "../src/server/platform/db/db";
import { createPgDb } from "../src/server/platform/db/pg";
import { resetEnv } from "../src/server/platform/env";
import { migrate } from "../src/server/platform/db/migrate";
import { loadFunctions, route } from "../scripts/lib/functions";
import { ms, percentile, table } from "./lib/stats";

export const LEADS_GOAL_P99_MS = 50;
const ITERATIONS = 200;

export interface LeadsFigure {
  query: string;
  what: string;
  total: number;
  /** False when the list stopped counting (there are more than `total`). */
  totalExact: boolean;
  p50: number;
  p99: number;
}

/** 100,000 leads over two years, in every stage, a third owned, a fifth with notes, each with its sales mail. */
async function fill(db: Db, n: number) {
  await db.exec(`
    INSERT INTO users (email, password_hash, role) VALUES
      ('bench-root@example.com', 'x', 'root_admin'), ('sales-a@example.com', 'x', 'admin'),
      ('sales-b@example.com', 'x', 'admin'), ('viewer@example.com', 'x', 'reader');
    INSERT INTO inquiries (full_name, email, org_name, job_title, industry, company_size, mobile, budget,
        project_type, project_details, created_at, stage, owner_id)
      SELECT f || ' ' || l || ' ' || g,
             lower(f) || '.' || lower(l) || g || '@' || lower(o) || (g % 97) || '.com',
             o || ' ' || (ARRAY['Traders','Foods','Health','Logistics','Labs','Retail'])[1 + g % 6] || ' ' || (g % 97),
             'CTO', (ARRAY['Retail','Healthcare','Finance','Logistics','Software'])[1 + g % 5], '50-100',
             '+14155552671', '$5000-$10000', 'Normal',
             (ARRAY['Move our warehouse to Kubernetes', 'Round-the-clock L1 support for our shop',
                    'A data warehouse for sales reporting', 'Lift and shift of 40 virtual machines',
                    'Microservices for our booking system', 'Managed backups and disaster recovery'])[1 + g % 6]
               || ' (request ' || g || ')',
             now() - ((g * 631) % (730 * 1440) || ' minutes')::interval,
             (ARRAY['New','New','Contacted','Qualified','Proposal sent','Won','Lost'])[1 + g % 7],
             CASE WHEN g % 3 = 0 THEN (SELECT id FROM users WHERE email = 'sales-' || (ARRAY['a','b'])[1 + g % 2] || '@example.com') END
        FROM generate_series(1, ${n}) g,
             LATERAL (SELECT (ARRAY['Dana','Raj','Ana','Li','Omar','Sofia','Ken','Priya','Jon','Mei'])[1 + g % 10] AS f,
                             (ARRAY['Whitfield','Iyer','Zapata','Chen','Haddad','Rossi','Sato','Nair','Berg','Wong','Okafor','Miller'])[1 + (g / 10) % 12] AS l,
                             (ARRAY['Northwind','Acme','Globex','Initech','Umbrella','Stark','Wayne','Hooli','Vandelay','Contoso'])[1 + (g / 7) % 10] AS o) names;
    -- Answered as the pipeline records it: a first answer once past New, a proposal once sent;
    -- one in 40 of the leads arrived within the last day and a half (some still due, some late).
    UPDATE inquiries SET created_at = now() - ((id % 2160) || ' minutes')::interval WHERE id % 40 = 0;
    UPDATE inquiries SET first_response_at = created_at + ((id % 180) || ' minutes')::interval WHERE stage <> 'New';
    UPDATE inquiries SET proposal_sent_at = created_at + ((id % 48) || ' hours')::interval
     WHERE stage IN ('Proposal sent', 'Won');
    INSERT INTO mail_log (kind, ref_table, ref_id, recipient, subject, status)
      SELECT 'inquiry', 'inquiries', id, 'sales@example.com', 'New lead', 'sent' FROM inquiries;
    INSERT INTO inquiry_events (inquiry_id, kind, body, author_email)
      SELECT id, 'note', 'Called them; they want a proposal by Friday.', 'sales-a@example.com'
        FROM inquiries WHERE id % 5 = 0;
  `);
  // The state autovacuum keeps a live table in: statistics, and the visibility map that lets the
  // counts read the indexes alone. (VACUUM cannot run inside the script's transaction.)
  await db.query("VACUUM ANALYZE");
}

async function time(fn: () => Promise<Response>) {
  const times: number[] = [];
  let body: { total?: number; totalExact?: boolean } = {};
  for (let i = 0; i < ITERATIONS + 10; i++) {
    const t = performance.now();
    const res = await fn();
    const text = await res.text();
    if (i >= 10) times.push(performance.now() - t);
    if (res.status !== 200) throw new Error(`${res.status}: ${text}`);
    body = JSON.parse(text) as { total?: number; totalExact?: boolean };
  }
  return {
    total: body.total ?? 0,
    totalExact: body.totalExact !== false,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
  };
}

export async function benchLeads(
  adminUrl: string,
  n = 100_000,
  root = process.cwd(),
): Promise<LeadsFigure[]> {
  const admin = await createPgDb(adminUrl, 1);
  const name = `bench_leads_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.close();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const db = await createPgDb(u.toString());
  try {
    await migrate(db);
    const started = performance.now();
    await fill(db, n);
    console.log(
      `  ${n.toLocaleString("en-US")} leads made in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
    process.env.DATABASE_URL = u.toString();
    process.env.SESSION_SECRET ??= "bench-secret-bench-secret-bench-secret-0000";
    process.env.LOG_LEVEL = "silent";
    resetEnv();
    const app = createApp(new Request("http://localhost/"));
    const [reader] = await db.query<{ id: number }>(
      "SELECT id FROM users WHERE email = 'viewer@example.com'",
    );
    const [owner] = await db.query<{ id: number }>(
      "SELECT id FROM users WHERE email = 'sales-a@example.com'",
    );
    const [sample] = await db.query<{ email: string }>("SELECT email FROM inquiries WHERE id = 4242");
    const cookie = `__Host-session=${await createSession(app.deps, reader!.id)}`;
    await app.dispose();
    const fns = await loadFunctions(root);
    const month = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);
    const monthEnd = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
    const cases: [string, string][] = [
      ["", "list, newest first (page 1)"],
      ["page=40", "list, page 40"],
      ["sort=oldest", "list, oldest first"],
      ["sort=name", "list by name"],
      ["sort=company&page=3", "list by company, page 3"],
      ["stage=Qualified", "stage filter"],
      [`owner=${owner!.id}`, "owner filter"],
      ["owner=none&stage=New", "nobody's new leads"],
      ["due=overdue", "a response target missed"],
      ["due=soon", "an answer due within the hour"],
      ["sort=due", "by the answer due, most urgent first"],
      ["due=overdue&owner=none&sort=due", "nobody's overdue leads, most urgent first"],
      [`from=${month}&to=${monthEnd}`, "a month of leads"],
      ["q=whitfield", "search: a surname (1 in 12)"],
      ["q=dana%20whitfield%204", "search: first name, surname and number"],
      [`q=${encodeURIComponent(sample!.email)}`, "search: a whole e-mail address"],
      ["q=hooli", "search: a company (1 in 10)"],
      ["q=kubernetes", "search: a word of the text (1 in 6)"],
      ["q=kubernetes&stage=Won&sort=name", "search + stage + sort by name"],
      ["q=zzzz", "search: no match"],
    ];
    const out: LeadsFigure[] = [];
    for (const [q, what] of cases) {
      loadDuring.push((await import("node:os")).loadavg()[0]!);
      const url = `http://localhost:4321/api/inquiries${q ? `?${q}` : ""}`;
      const fn = route(fns, new URL(url).pathname)!;
      const r = await time(() => fn.handler(new Request(url, { headers: { cookie } }), {}));
      out.push({ query: q || "(none)", what, ...r });
      console.log(`  ${what}: p50 ${ms(r.p50)}, p99 ${ms(r.p99)} (${r.total} match)`);
    }
    return out;
  } finally {
    await db.close();
    const a = await createPgDb(adminUrl, 1);
    await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await a.close();
  }
}

/** The machine's 1-minute load average while measuring (2 cores, shared): context for the figures. */
const loadDuring: number[] = [];

export const LEADS_TITLE = `## Leads list and search at 100,000 leads, in-process against PostgreSQL (${ITERATIONS} calls each)`;

export function leadsSection(figures: LeadsFigure[], when = new Date(), load = loadDuring): string {
  const worst = Math.max(...figures.map((f) => f.p99));
  const loadNote = load.length
    ? ` Load average of the 2-core machine meanwhile: ${Math.min(...load).toFixed(1)} to ${Math.max(...load).toFixed(1)}.`
    : "";
  return [
    LEADS_TITLE,
    "",
    `GET /api/inquiries through its handler, signed in, ${when.toISOString().slice(0, 16).replace("T", " ")} UTC. ` +
      `Goal: p99 under ${LEADS_GOAL_P99_MS} ms; worst p99 ${ms(worst)}${worst < LEADS_GOAL_P99_MS ? " (met)" : " (NOT met)"}.${loadNote}`,
    "",
    table(
      ["query", "what", "matches", "p50", "p99"],
      figures.map((f) => [
        `\`${f.query}\``,
        f.what,
        `${f.totalExact ? "" : "more than "}${f.total.toLocaleString("en-US")}`,
        ms(f.p50),
        ms(f.p99),
      ]),
    ),
  ].join("\n");
}

export const leadsProblems = (figures: LeadsFigure[]) =>
  figures
    .filter((f) => f.p99 >= LEADS_GOAL_P99_MS)
    .map((f) => `leads: ${f.what} p99 ${ms(f.p99)} (goal ${LEADS_GOAL_P99_MS} ms)`);

/** Puts the section into bench/latest.md in place of its earlier copy, leaving every other section as it is. */
export function spliceLeadsSection(file: string, section: string) {
  const text = existsSync(file) ? readFileSync(file, "utf8") : "# Speed report\n";
  const start = text.indexOf(LEADS_TITLE.slice(0, 40));
  let next: string;
  if (start >= 0) {
    const after = text.indexOf("\n## ", start + 1);
    next = `${text.slice(0, start)}${section}\n${after >= 0 ? text.slice(after) : ""}`;
  } else {
    const budget = text.indexOf("\n## Over budget");
    next =
      budget >= 0
        ? `${text.slice(0, budget)}\n${section}\n${text.slice(budget)}`
        : `${text.trimEnd()}\n\n${section}\n`;
  }
  writeFileSync(file, next);
}

const self =
  process.argv[1]?.endsWith(`bench${path.sep}leads.ts`) || process.argv[1]?.endsWith("bench/leads.ts");
if (self) {
  const url = process.argv[2];
  const n = Number(process.argv.slice(3).find((a) => /^\d+$/.test(a)) ?? 100_000);
  if (url && !process.argv.includes("--write")) {
    console.log(`BENCH_JSON ${JSON.stringify(await benchLeads(url, n))}`);
    process.exit(0);
  }
  if (url) {
    // A running server (`--write`): measure and write the section, as `npm run bench:leads` does.
    const figures = await benchLeads(url, n);
    spliceLeadsSection(path.join(process.cwd(), "bench", "latest.md"), leadsSection(figures));
    console.log(`\n${leadsSection(figures)}`);
    for (const p of leadsProblems(figures)) console.error(p);
    process.exit(leadsProblems(figures).length ? 1 : 0);
  }
  const { startPostgres } = await import("../scripts/lib/postgres.mjs");
  const pg = startPostgres(Number(process.env.BENCH_PG_PORT ?? process.env.PG_TEST_PORT ?? 54510));
  try {
    console.log(`Leads at ${n.toLocaleString("en-US")}, in-process against PostgreSQL...`);
    const figures = await benchLeads(pg.url, n);
    const section = leadsSection(figures);
    spliceLeadsSection(path.join(process.cwd(), "bench", "latest.md"), section);
    console.log(`\n${section}`);
    const problems = leadsProblems(figures);
    for (const p of problems) console.error(p);
    process.exitCode = problems.length ? 1 : 0;
  } finally {
    pg.stop();
  }
}
