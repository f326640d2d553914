/**
 * Demo content for a new installation: posts over the six categories, job openings, FAQs (some
 * still unanswered) and the first root_admin. Production never seeds an account: there,
 * `npm run create-admin` makes the first one.
 */
import type { Db } from "./db";
import { hashPassword } from "./passwords";
import { SEED_FAQS, SEED_JOBS, SEED_POSTS } from "./seed-data";

/** The local demo login, stated in README.md. Used only on an empty embedded database. */
export const LOCAL_DEMO_ADMIN = { email: "admin@example.com", password: "demo-admin-password-2025" };

/** Local demo accounts of the two other roles, to try the dashboard as each (README.md). */
export const LOCAL_DEMO_STAFF = [
  { email: "editor@example.com", password: "demo-editor-password-2025", role: "admin" },
  { email: "viewer@example.com", password: "demo-viewer-password-2025", role: "reader" },
] as const;

export interface SeedOptions {
  admin?: { email: string; password: string } | undefined;
  /** More staff accounts (local demo only). */
  staff?: readonly { email: string; password: string; role: "admin" | "reader" }[];
  dataDir?: string;
  /** A fixed "now" for repeatable tests. */
  now?: Date;
}

export async function seed(db: Db, opts: SeedOptions = {}): Promise<void> {
  const now = opts.now ?? new Date();
  const passwordHash = opts.admin ? await hashPassword(opts.admin.password) : undefined;
  const staff = await Promise.all(
    (opts.staff ?? []).map(async (u) => ({ ...u, hash: await hashPassword(u.password) })),
  );
  await db.transaction(async (tx) => {
    if (opts.admin && passwordHash) {
      await tx.query(
        `INSERT INTO users (email, password_hash, role) VALUES ($1, $2, 'root_admin')
         ON CONFLICT (email) DO NOTHING`,
        [opts.admin.email.toLowerCase(), passwordHash],
      );
    }
    for (const u of staff) {
      await tx.query(
        "INSERT INTO users (email, password_hash, role) VALUES ($1, $2, $3) ON CONFLICT (email) DO NOTHING",
        [u.email.toLowerCase(), u.hash, u.role],
      );
    }
    const [{ n: posts }] = (await tx.query<{ n: number }>("SELECT count(*)::int AS n FROM posts")) as [
      { n: number },
    ];
    if (posts === 0) {
      for (const [i, p] of SEED_POSTS.entries()) {
        // Newest first in the array; spread a few days apart.
        const date = new Date(now.getTime() - (i * 4 + 1) * 86_400_000);
        await tx.query(
          "INSERT INTO posts (title, author, date, content, category) VALUES ($1, $2, $3, $4, $5)",
          [p.title, p.author, date.toISOString(), p.content, p.category],
        );
      }
    }
    const [{ n: jobs }] = (await tx.query<{ n: number }>("SELECT count(*)::int AS n FROM jobs")) as [
      { n: number },
    ];
    if (jobs === 0) {
      for (const [i, j] of SEED_JOBS.entries()) {
        const date = new Date(now.getTime() - (i * 3 + 2) * 86_400_000);
        await tx.query(
          `INSERT INTO jobs (job_title, required_experience, skills, description, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $5)`,
          [j.job_title, j.required_experience, j.skills, j.description, date.toISOString()],
        );
      }
    }
    const [{ n: faqs }] = (await tx.query<{ n: number }>("SELECT count(*)::int AS n FROM faqs")) as [
      { n: number },
    ];
    if (faqs === 0) {
      for (const [i, f] of SEED_FAQS.entries()) {
        const date = new Date(now.getTime() - (SEED_FAQS.length - i) * 86_400_000);
        await tx.query(
          "INSERT INTO faqs (question, answer, created_at, answered_at) VALUES ($1, $2, $3, $4)",
          [f.question, f.answer, date.toISOString(), f.answer ? date.toISOString() : null],
        );
      }
    }
  });
}
