/**
 * Demo content for a new installation: posts over the six categories, job openings, FAQs (some
 * still unanswered), the site's demo proof (./site-content.ts) and the first root_admin. Production never seeds an account: there,
 * `npm run create-admin` makes the first one.
 */
import path from "node:path";
import type { Db } from "../../src/server/platform/db/db";
import { hashPassword } from "../../src/server/common/passwords";
import {
  SEED_APPLICATIONS,
  SEED_FAQS,
  SEED_INQUIRIES,
  SEED_JOBS,
  SEED_POSTS,
  SEED_SUBPROCESSORS,
  SEED_TRUST_DOCUMENTS,
  demoPdf,
  demoResumePdf,
} from "./seed-data";
import { log } from "../../src/server/platform/log";
import { avatarSvg, bannerSvg, svgToWebp } from "./seed-images";
import { newKey, type Storage } from "../../src/server/platform/storage/storage";
import { createLocalStorage } from "../../src/server/platform/storage/local";
import { PRIVACY_NOTICE } from "../../src/shared/privacy/notice";
import { renderUnrenderedPosts } from "../../src/server/blog/rendering";
import { previewMissingBanners } from "../../src/server/blog/banner-preview";
import { seedSiteContent } from "./site-content";
import type { Role } from "../../src/shared/staff/staff";

export interface SeedOptions {
  admin?: { email: string; password: string } | undefined;
  /** More staff accounts (local demo only). */
  staff?: readonly { email: string; password: string; role: Exclude<Role, "root_admin"> }[];
  dataDir?: string;
  /**
   * Where the demo post images, resumes and lead attachment go; by default local files under
   * dataDir. Without either, the seed has no images, candidates or leads (fast database tests).
   */
  storage?: Storage | undefined;
  /** A fixed "now" for repeatable tests. */
  now?: Date;
  /**
   * The first-answer target of a new lead, in minutes (RESPONSE_TARGET_FIRST_MINUTES; 60 by
   * default). The demo leads arrive within it, so the first start mails no overdue reminder.
   */
  firstAnswerMinutes?: number;
}

interface SeedImages {
  /** Storage keys per post, in SEED_POSTS order. */
  posts: { image1: string; image2: string }[];
  keys: string[];
}

/** Draws and stores a banner per demo post and an avatar per author (the Image CDN sizes them). */
async function storeSeedImages(storage: Storage): Promise<SeedImages> {
  const keys: string[] = [];
  const put = async (svg: string) => {
    const key = newKey("public", "webp");
    const bytes = await svgToWebp(svg);
    keys.push(key);
    await storage.put(key, bytes, "image/webp");
    return key;
  };
  try {
    const avatars = new Map<string, string>();
    const posts: SeedImages["posts"] = [];
    for (const [i, p] of SEED_POSTS.entries()) {
      let image1 = avatars.get(p.author);
      if (!image1) avatars.set(p.author, (image1 = await put(avatarSvg(p.author))));
      posts.push({ image1, image2: await put(bannerSvg(p.category, i)) });
    }
    return { posts, keys };
  } catch (err) {
    await removeKeys(storage, keys);
    throw err;
  }
}

async function removeKeys(storage: Storage, keys: string[]) {
  for (const key of keys) await storage.delete(key).catch(() => {});
}

export async function seed(db: Db, opts: SeedOptions = {}): Promise<void> {
  const now = opts.now ?? new Date();
  const passwordHash = opts.admin ? await hashPassword(opts.admin.password) : undefined;
  const staff = await Promise.all(
    (opts.staff ?? []).map(async (u) => ({ ...u, hash: await hashPassword(u.password) })),
  );
  // Demo candidates need their resumes stored first; a storage-less seed (tests) skips them.
  const storage =
    opts.storage ??
    (opts.dataDir ? createLocalStorage(path.join(opts.dataDir, "uploads"), "seed") : undefined);
  const [{ n: apps }] = (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM applications")) as [
    { n: number },
  ];
  const resumeKeys: string[] = [];
  if (storage && apps === 0) {
    for (const a of SEED_APPLICATIONS) {
      const key = newKey("private", "pdf");
      await storage.put(key, demoResumePdf(`${a.first_name} ${a.last_name}`), "application/pdf");
      resumeKeys.push(key);
    }
  }
  const [{ n: existingPosts }] = (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM posts")) as [
    { n: number },
  ];
  // Images are drawn before the transaction (it should stay short) and only for an empty blog.
  const images = storage && existingPosts === 0 ? await storeSeedImages(storage) : undefined;
  const [{ n: leadCount }] = (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM inquiries")) as [
    { n: number },
  ];
  let leadFile: { key: string; size: number } | undefined;
  if (storage && opts.dataDir && leadCount === 0) {
    const body = demoResumePdf("Acme Logistics infrastructure brief");
    leadFile = { key: newKey("private", "pdf"), size: body.length };
    await storage.put(leadFile.key, body, "application/pdf");
  }
  const [{ n: trustDocs }] = (await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM trust_documents",
  )) as [{ n: number }];
  const trustFiles: { id: string; key: string; size: number }[] = [];
  if (storage && opts.dataDir && trustDocs === 0) {
    for (const d of SEED_TRUST_DOCUMENTS) {
      const body = demoPdf(`${d.title} (example document, not a real report)`);
      const key = newKey("private", "pdf");
      await storage.put(key, body, "application/pdf");
      trustFiles.push({ id: d.id, key, size: body.length });
    }
  }
  const stored = [
    ...(images?.keys ?? []),
    ...resumeKeys,
    ...(leadFile ? [leadFile.key] : []),
    ...trustFiles.map((f) => f.key),
  ];
  try {
    await seedRows();
  } catch (err) {
    // Nothing the failed transaction would have pointed to is left behind.
    if (storage && stored.length) {
      log.warn("seed failed; removing its files");
      await removeKeys(storage, stored);
    }
    throw err;
  }

  async function seedRows() {
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
          const img = images?.posts[i];
          await tx.query(
            // The demo posts were written as plain text, before Markdown: they render as text.
            `INSERT INTO posts (title, author, date, content, category, image1, image2, format)
           VALUES ($1, $2, $3, $4, $5, $6, $7, 'text')`,
            [
              p.title,
              p.author,
              date.toISOString(),
              p.content,
              p.category,
              img?.image1 ?? null,
              img?.image2 ?? null,
            ],
          );
        }
        await renderUnrenderedPosts(tx);
        if (storage) await previewMissingBanners(tx, storage);
      }
      await seedSiteContent(tx, now);
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
      if (resumeKeys.length) {
        const jobIds = (
          await tx.query<{ id: number }>("SELECT id FROM jobs ORDER BY created_at DESC, id DESC")
        ).map((r) => r.id);
        for (const [i, a] of SEED_APPLICATIONS.entries()) {
          const date = new Date(now.getTime() - (i * 2 + 1) * 86_400_000);
          await tx.query(
            `INSERT INTO applications (job_id, first_name, last_name, email, mobile, native_place, gender,
             total_experience, it_experience, current_company, notice_period, expected_salary,
             willing_to_relocate, skills, certifications, resume_key, resume_filename, resume_type,
             status, created_at, privacy_consent_version, privacy_consent_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17,
             'application/pdf', $18, $19, $20, $19)`,
            [
              jobIds[i % Math.max(1, jobIds.length)] ?? null,
              a.first_name,
              a.last_name,
              a.email,
              a.mobile,
              a.native_place,
              a.gender,
              a.total_experience,
              a.it_experience,
              a.current_company,
              a.notice_period,
              a.expected_salary,
              a.willing_to_relocate,
              a.skills,
              a.certifications,
              resumeKeys[i],
              `${a.first_name}-${a.last_name}-resume.pdf`.toLowerCase(),
              a.status,
              date.toISOString(),
              // Every application agrees to the privacy notice when it is sent.
              PRIVACY_NOTICE.version,
            ],
          );
        }
      }
      if (opts.dataDir) {
        const [{ n: leads }] = (await tx.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM inquiries",
        )) as [{ n: number }];
        if (leads === 0) {
          // The demo leads arrived in the last minutes, within their first-answer target: the
          // inbox shows them as new and due, and nobody is told they are overdue at the first
          // start. Left unanswered, they fall overdue (and remind their owner) like any lead.
          const target = opts.firstAnswerMinutes ?? 60;
          for (const [i, q] of SEED_INQUIRIES.entries()) {
            const minutesAgo = (target * (i + 1)) / (SEED_INQUIRIES.length + 2);
            const date = new Date(now.getTime() - minutesAgo * 60_000);
            await tx.query(
              `INSERT INTO inquiries (full_name, email, org_name, job_title, industry, company_size, mobile,
               budget, project_type, deadline, project_details, source_page, created_at,
               file_key, file_name, file_type, file_size)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`,
              [
                q.full_name,
                q.email,
                q.org_name,
                q.job_title,
                q.industry,
                q.company_size,
                q.mobile,
                q.budget,
                q.project_type,
                q.deadline,
                q.project_details,
                q.source_page,
                date.toISOString(),
                ...(i === 0 && leadFile
                  ? [leadFile.key, "infrastructure-brief.pdf", "application/pdf", leadFile.size]
                  : [null, null, null, null]),
              ],
            );
          }
        }
      }
      for (const [i, d] of SEED_TRUST_DOCUMENTS.entries()) {
        const file = trustFiles.find((f) => f.id === d.id);
        if (!file) continue;
        await tx.query(
          `INSERT INTO trust_documents (id, title, access, file_key, file_size, example, position, updated_at)
           VALUES ($1, $2, $3, $4, $5, true, $6, $7) ON CONFLICT (id) DO NOTHING`,
          [d.id, d.title, d.access, file.key, file.size, i, now.toISOString()],
        );
      }
      if (opts.dataDir) {
        const [{ n: subs }] = (await tx.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM subprocessors",
        )) as [{ n: number }];
        if (subs === 0)
          for (const s of SEED_SUBPROCESSORS) {
            const [row] = await tx.query<{ id: number }>(
              `INSERT INTO subprocessors (name, purpose, location, transfer, created_at, updated_at)
               VALUES ($1, $2, $3, $4, $5, $5) RETURNING id`,
              [s.name, s.purpose, s.location, s.transfer, now.toISOString()],
            );
            await tx.query(
              `INSERT INTO subprocessor_changes (subprocessor_id, action, name, summary, created_at)
               VALUES ($1, 'added', $2, $3, $4)`,
              [row!.id, s.name, `${s.name}: ${s.purpose}.`, now.toISOString()],
            );
          }
      }
    });
  }
}
