/** Rows the dashboard tests work on, inserted directly (each call makes a new one). */
import sharp from "sharp";
import type { Db } from "../../src/server/platform/db/db";
import { newKey, type Storage } from "../../src/server/platform/storage/storage";
import { demoResumePdf } from "../../scripts/seed/seed-data";

let n = 0;
const next = () => `${Date.now().toString(36)}-${n++}`;

export async function insertPost(db: Db, over: { image1?: string | null; image2?: string | null } = {}) {
  // Published a second ago: the functions judge "public" by the app's clock in milliseconds, and
  // the database's now() (microseconds) could otherwise fall just after it.
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO posts (title, author, content, category, image1, image2, date)
     VALUES ($1, 'Test Author', 'Body text', 'Servers', $2, $3, now() - interval '1 second') RETURNING id`,
    [`Fixture post ${next()}`, over.image1 ?? null, over.image2 ?? null],
  );
  return row!.id;
}

export async function insertComment(db: Db, postId: number, email = "reader@visitor.example") {
  const [row] = await db.query<{ id: number }>(
    "INSERT INTO comments (post_id, name, email, comment) VALUES ($1, 'Visitor', $2, 'Nice post') RETURNING id",
    [postId, email],
  );
  return row!.id;
}

export async function insertFaq(db: Db, answer: string | null = null) {
  const [row] = await db.query<{ id: number }>(
    "INSERT INTO faqs (question, answer, answered_at) VALUES ($1, $2, CASE WHEN $2::text IS NULL THEN NULL ELSE now() END) RETURNING id",
    [`Fixture question ${next()}?`, answer],
  );
  return row!.id;
}

export async function insertJob(db: Db) {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO jobs (job_title, required_experience, skills, description)
     VALUES ($1, 2, 'Linux', 'Fixture job description') RETURNING id`,
    [`Fixture job ${next()}`],
  );
  return row!.id;
}

export interface AppFixture {
  status?: string;
  createdAt?: string;
  resumeKey?: string;
  email?: string;
  jobId?: number | null;
  /** The type judged from the resume's bytes at upload (default a PDF). */
  resumeType?: string;
}

export async function insertApplication(db: Db, o: AppFixture = {}) {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO applications (job_id, first_name, last_name, email, mobile, native_place, gender,
       total_experience, it_experience, current_company, skills, resume_key, resume_filename,
       resume_type, status, created_at)
     VALUES ($1, 'Asha', 'Kumar', $2, '+919840011111', 'Chennai', 'Female', 3, 2.5, 'Acme', 'Linux',
       $3, 'cv.pdf', $6, $4, $5) RETURNING id`,
    [
      o.jobId ?? null,
      o.email ?? `asha-${next()}@example.com`,
      o.resumeKey ?? newKey("private", "pdf"),
      o.status ?? "New",
      o.createdAt ?? new Date().toISOString(),
      o.resumeType ?? "application/pdf",
    ],
  );
  return row!.id;
}

export async function storeResume(storage: Storage) {
  const key = newKey("private", "pdf");
  await storage.put(key, demoResumePdf("Asha Kumar"), "application/pdf");
  return key;
}

export interface InquiryFixture {
  fullName?: string;
  handled?: boolean;
  createdAt?: string;
  fileKey?: string | null;
  details?: string;
  orgName?: string;
  email?: string;
}

export async function insertInquiry(db: Db, o: InquiryFixture = {}) {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO inquiries (full_name, email, org_name, job_title, industry, company_size, mobile, budget,
       project_type, project_details, handled, created_at, file_key, file_name, file_type, file_size)
     VALUES ($1, $10, $2, 'CTO', 'Retail', '10-30', '+14155550100', '$1000-$5000',
       'Normal', $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [
      o.fullName ?? `Lead ${next()}`,
      o.orgName ?? "Company Inc",
      o.details ?? "Details",
      o.handled ?? false,
      o.createdAt ?? new Date().toISOString(),
      o.fileKey ?? null,
      o.fileKey ? "brief.pdf" : null,
      o.fileKey ? "application/pdf" : null,
      o.fileKey ? 100 : null,
      o.email ?? "lead@company.example",
    ],
  );
  return row!.id;
}

/** A small real PNG (solid colour) of the given size. */
export async function pngBytes(width = 40, height = 20): Promise<Uint8Array> {
  const buf = await sharp({
    create: { width, height, channels: 3, background: { r: 11, g: 95, b: 212 } },
  })
    .png()
    .toBuffer();
  return new Uint8Array(buf);
}

export const count = async (db: Db, table: string, where = "TRUE", params: unknown[] = []) =>
  (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`, params))[0]!.n;

/** A pending request for restricted documents, with its security-review lead; answers its id. */
export async function insertTrustRequest(db: Db, documents: readonly string[] = ["soc2-report"]) {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO inquiries (kind, full_name, email, org_name, project_details)
     VALUES ('security review', $1, 'reviewer@company.example', 'Company Inc', 'Security review') RETURNING id`,
    [`Reviewer ${next()}`],
  );
  await db.query(
    `INSERT INTO trust_requests (id, inquiry_id, documents, nda_version, nda_accepted_at)
     VALUES ($1, $1, $2, '2026-11-01', now())`,
    [row!.id, documents],
  );
  return row!.id;
}

/** A subprocessor; answers its id. */
export async function insertSubprocessor(db: Db, name = `Processor ${next()}`) {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO subprocessors (name, purpose, location, transfer) VALUES ($1, 'Hosting', 'United States', 'None')
     RETURNING id`,
    [name],
  );
  return row!.id;
}

/** A trust center document (a draft unless published), with its file's key when it has one. */
export async function insertTrustDocument(
  db: Db,
  o: {
    published?: boolean;
    fileKey?: string | null;
    example?: boolean;
    access?: "public" | "restricted";
  } = {},
) {
  const id = `doc-${next()}-${Math.random().toString(36).slice(2, 8)}`;
  await db.query(
    `INSERT INTO trust_documents (id, title, access, file_key, file_size, example, published, position)
     VALUES ($1, $2, $3, $4, NULL, $5, $6, 100)`,
    [id, `Document ${id}`, o.access ?? "public", o.fileKey ?? null, o.example ?? false, o.published ?? false],
  );
  return id;
}
