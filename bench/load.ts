/**
 * Load against the local server backed by PostgreSQL: 50 concurrent clients posting comments,
 * FAQ questions, contact inquiries and applications for 30 s (rate limits off), 10 more reading
 * the public endpoints. Afterwards every request acknowledged with success must be stored
 * exactly once: each carries a unique marker that is looked up in the database.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Db } from "../src/server/platform/db/db";
import { percentile, ms, table } from "./lib/stats";

export interface LoadOptions {
  baseUrl: string;
  db: Db;
  outboxDir: string;
  writers?: number;
  readers?: number;
  seconds?: number;
}

type Kind = "comment" | "faq" | "inquiry" | "application";
interface Sample {
  kind: Kind | "read";
  marker?: string;
  status: number;
  ms: number;
}

const PDF = new TextEncoder().encode(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

function codeFromOutbox(dir: string, email: string): string | undefined {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .reverse();
  for (const f of files) {
    const raw = readFileSync(path.join(dir, f), "utf8");
    if (!raw.includes(`To: ${email}`)) continue;
    const body = Buffer.from((raw.split("\r\n\r\n")[1] ?? "").replace(/\s+/g, ""), "base64").toString("utf8");
    return body.match(/\b(\d{6})\b/)?.[1];
  }
  return undefined;
}

/** The application token cookie of each verified address. */
const applyCookies = new Map<string, string>();

async function verifyAddresses(
  baseUrl: string,
  outboxDir: string,
  count: number,
  run: string,
): Promise<string[]> {
  const emails = Array.from({ length: count }, (_, i) => `load-${run}-${i}@example.com`);
  const verified: string[] = [];
  const queue = [...emails];
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      for (let email = queue.shift(); email; email = queue.shift()) {
        const sent = await fetch(`${baseUrl}/api/send-email-otp`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email }),
        });
        if (!sent.ok) continue;
        const code = codeFromOutbox(outboxDir, email);
        if (!code) continue;
        const ok = await fetch(`${baseUrl}/api/verify-email-otp`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email, code }),
        });
        if (ok.ok && ((await ok.json()) as { success?: boolean }).success) {
          // The single-use token the application must carry (an HttpOnly cookie in a browser).
          const cookie = ok.headers.get("set-cookie")?.split(";")[0];
          if (cookie) {
            applyCookies.set(email, cookie);
            verified.push(email);
          }
        }
      }
    }),
  );
  return verified;
}

function request(
  kind: Kind,
  marker: string,
  ctx: { postId: number; jobId: number; email?: string },
): RequestInit & { url: string } {
  switch (kind) {
    case "comment":
      return {
        url: "/api/add-comment",
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          post_id: ctx.postId,
          name: "Load Tester",
          email: "load@example.com",
          comment: marker,
        }),
      };
    case "faq":
      return {
        url: "/api/add-faq",
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ question: `Is ${marker} answered?` }),
      };
    case "inquiry": {
      const f = new FormData();
      const fields: Record<string, string> = {
        fullName: "Load Tester",
        email: "buyer@acme-load.com",
        orgName: "Acme Load",
        jobTitle: "CTO",
        industry: "Retail",
        companySize: "50-100",
        mobile: "+14155552671",
        budget: "$5000-$10000",
        projectType: "Normal",
        deadline: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
        projectDetails: marker,
      };
      for (const [k, v] of Object.entries(fields)) f.set(k, v);
      return { url: "/api/submit", method: "POST", body: f };
    }
    case "application": {
      const f = new FormData();
      const fields: Record<string, string> = {
        firstName: "Load",
        lastName: "Tester",
        email: ctx.email!,
        mobile: "+919876543210",
        nativePlace: "Chennai",
        gender: "Other",
        totalExperience: "5",
        itExperience: "4",
        currentCompany: marker,
        noticePeriod: "immediate",
        expectedSalary: "1200000",
        willingToRelocate: "Yes",
        skills: "Linux, AWS",
        certifications: "",
        privacyConsent: "yes",
        job_id: String(ctx.jobId),
      };
      for (const [k, v] of Object.entries(fields)) f.set(k, v);
      f.set("resume", new Blob([PDF], { type: "application/pdf" }), "cv.pdf");
      return {
        url: "/api/submit-application",
        method: "POST",
        body: f,
        headers: { cookie: applyCookies.get(ctx.email!) ?? "" },
      };
    }
  }
}

export async function runLoad(o: LoadOptions) {
  const writers = o.writers ?? 50;
  const readers = o.readers ?? 10;
  const seconds = o.seconds ?? 30;
  const run = Date.now().toString(36);
  const postId = (await o.db.query<{ id: number }>("SELECT id FROM posts ORDER BY id LIMIT 1"))[0]!.id;
  const jobId = (await o.db.query<{ id: number }>("SELECT id FROM jobs ORDER BY id LIMIT 1"))[0]!.id;
  const emails = await verifyAddresses(o.baseUrl, o.outboxDir, 1500, run);
  const samples: Sample[] = [];
  const deadline = Date.now() + seconds * 1000;
  let seq = 0;
  const kinds: Kind[] = ["comment", "faq", "inquiry", "application"];
  const started = Date.now();

  const writer = async (w: number) => {
    for (let i = 0; Date.now() < deadline; i++) {
      let kind = kinds[(w + i) % 4]!;
      const email = kind === "application" ? emails.pop() : undefined;
      if (kind === "application" && !email) kind = "comment";
      const marker = `load-${run}-${seq++}`;
      const init = request(kind, marker, { postId, jobId, email });
      const t = performance.now();
      let status: number;
      try {
        const res = await fetch(`${o.baseUrl}${init.url}`, init);
        status = res.status;
        await res.arrayBuffer();
      } catch {
        status = -1;
      }
      samples.push({ kind, marker, status, ms: performance.now() - t });
    }
  };
  const reads = [
    "/api/get-posts",
    `/api/get-comments/${postId}`,
    "/api/jobs",
    "/api/faqs",
    `/api/get-post-detail/${postId}`,
  ];
  const reader = async (r: number) => {
    for (let i = 0; Date.now() < deadline; i++) {
      const t = performance.now();
      let status: number;
      try {
        const res = await fetch(`${o.baseUrl}${reads[(r + i) % reads.length]}`);
        status = res.status;
        await res.arrayBuffer();
      } catch {
        status = -1;
      }
      samples.push({ kind: "read", status, ms: performance.now() - t });
    }
  };
  await Promise.all([
    ...Array.from({ length: writers }, (_, w) => writer(w)),
    ...Array.from({ length: readers }, (_, r) => reader(r)),
  ]);
  const elapsed = (Date.now() - started) / 1000;

  // Exactly-once check: each marker's rows in its table.
  const stored = new Map<string, number>();
  const count = async (sql: string) => {
    for (const r of await o.db.query<{ m: string; n: number }>(sql, [`load-${run}-%`]))
      stored.set(r.m, (stored.get(r.m) ?? 0) + Number(r.n));
  };
  await count("SELECT comment AS m, count(*)::int AS n FROM comments WHERE comment LIKE $1 GROUP BY comment");
  await count(
    "SELECT substring(question from 'load-[a-z0-9]+-[0-9]+') AS m, count(*)::int AS n FROM faqs WHERE question LIKE '%' || $1 GROUP BY 1",
  );
  await count(
    "SELECT project_details AS m, count(*)::int AS n FROM inquiries WHERE project_details LIKE $1 GROUP BY 1",
  );
  await count(
    "SELECT current_company AS m, count(*)::int AS n FROM applications WHERE current_company LIKE $1 GROUP BY 1",
  );

  const rows: (string | number)[][] = [];
  let lost = 0;
  let duplicated = 0;
  let phantom = 0;
  let fivexx = 0;
  let refusedAll = 0;
  for (const kind of [...kinds, "read"] as const) {
    const s = samples.filter((x) => x.kind === kind);
    if (!s.length) continue;
    const ok = s.filter((x) => x.status >= 200 && x.status < 300);
    const errors5 = s.filter((x) => x.status >= 500 || x.status === -1).length;
    const refused = s.filter((x) => x.status >= 400 && x.status < 500).length;
    refusedAll += refused;
    fivexx += errors5;
    if (kind !== "read") {
      for (const x of s) {
        const n = stored.get(x.marker!) ?? 0;
        if (x.status >= 200 && x.status < 300) {
          if (n === 0) lost++;
          if (n > 1) duplicated++;
        } else if (n > 0 && x.status >= 400 && x.status < 500) phantom++;
      }
    }
    const lat = s.map((x) => x.ms);
    rows.push([
      kind,
      s.length,
      ok.length,
      refused,
      errors5,
      (s.length / elapsed).toFixed(1),
      ms(percentile(lat, 50)),
      ms(percentile(lat, 99)),
    ]);
  }
  const markdown = [
    table(["requests", "sent", "2xx", "4xx", "5xx / failed", "req/s", "p50", "p99"], rows),
    "",
    `${writers} writers and ${readers} readers for ${elapsed.toFixed(1)} s. Stored exactly once: ` +
      `${lost} acknowledged but lost, ${duplicated} duplicated, ${phantom} refused but stored, ${fivexx} 5xx or failed.`,
  ].join("\n");
  return { markdown, lost, duplicated, phantom, fivexx, refused: refusedAll, samples: samples.length };
}
