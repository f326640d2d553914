/**
 * Careers: job openings, FAQs and applications. The public page, the public API and the staff
 * screens share these queries; the rules of an application (verified e-mail, existing opening,
 * one application per address and opening a day, resume stored only with its row) live here.
 */
import type { App } from "../http/endpoint";
import { claimApplicationToken, issueCode, verifyCode, CODE_TTL_SECONDS } from "../common/codes";
import type { Db } from "../platform/db/db";
import { badRequest, HttpError } from "../http/http";
import { log } from "../platform/log";
import { sendAndRecord, sendVisitorMail } from "../common/notify";
import { enforce } from "../common/rate-limit";
import { newKey } from "../platform/storage/storage";
import type { CheckedFile } from "../common/files";
import { site } from "../../config/site";
import {
  MESSAGES,
  VERIFICATION_MINUTES,
  type ApplicationInput,
  type PublicFaq,
  type PublicJob,
} from "../../shared/careers/careers";

export const CACHE_TAGS = ["careers"];

/** Per client address: new codes an hour, code checks an hour, applications and questions an hour. */
export const LIMITS = {
  codeSend: { bucket: "otp-send", max: 10, windowSeconds: 3600 },
  codeVerify: { bucket: "otp-verify", max: 30, windowSeconds: 3600 },
  application: { bucket: "application", max: 10, windowSeconds: 3600 },
  faq: { bucket: "faq", max: 5, windowSeconds: 3600 },
} as const;

// ---- jobs -----------------------------------------------------------------------------------

export interface Job extends PublicJob {
  /** ISO time the opening was posted (JobPosting datePosted). */
  created_at: string;
}

interface JobRow {
  id: number;
  job_title: string;
  required_experience: number;
  skills: string;
  description: string;
  created_at: Date | string;
  [k: string]: unknown;
}

function toJob(r: JobRow): Job {
  return {
    id: r.id,
    job_title: r.job_title,
    required_experience: Number(r.required_experience),
    skills: r.skills,
    description: r.description,
    created_at: new Date(r.created_at).toISOString(),
  };
}

export function toPublicJob(j: Job): PublicJob {
  return {
    id: j.id,
    job_title: j.job_title,
    required_experience: j.required_experience,
    skills: j.skills,
    description: j.description,
  };
}

const JOB_COLUMNS = "id, job_title, required_experience, skills, description, created_at";

/** The openings, newest first: every one, or the newest `limit`. */
export async function listJobs(db: Db, limit?: number): Promise<Job[]> {
  const rows = await db.query<JobRow>(
    `SELECT ${JOB_COLUMNS} FROM jobs ORDER BY created_at DESC, id DESC${limit ? " LIMIT $1" : ""}`,
    limit ? [limit] : [],
  );
  return rows.map(toJob);
}

export async function findJob(db: Db, id: number): Promise<Job | undefined> {
  const rows = await db.query<JobRow>(`SELECT ${JOB_COLUMNS} FROM jobs WHERE id = $1`, [id]);
  return rows[0] ? toJob(rows[0]) : undefined;
}

/**
 * True when an opening with this id existed and was deleted (ids come from one sequence and are
 * never reused), so its page can answer 410 Gone rather than 404.
 */
export async function jobWasDeleted(db: Db, id: number): Promise<boolean> {
  const [seq] = await db.query<{ last_value: number | string; is_called: boolean }>(
    "SELECT last_value, is_called FROM jobs_id_seq",
  );
  if (!seq?.is_called || id > Number(seq.last_value)) return false;
  return !(await findJob(db, id));
}

/** Open openings for the sitemap: their pages and when each last changed. */
export async function listJobPages(db: Db): Promise<{ id: number; job_title: string; updated_at: string }[]> {
  const rows = await db.query<{ id: number; job_title: string; updated_at: Date | string }>(
    "SELECT id, job_title, updated_at FROM jobs ORDER BY id",
  );
  return rows.map((r) => ({ ...r, updated_at: new Date(r.updated_at).toISOString() }));
}

// ---- FAQs -----------------------------------------------------------------------------------

/**
 * Answered FAQs only, in the order they were asked: every one, or the latest `limit` of them.
 * Unanswered questions are never public.
 */
export async function listAnsweredFaqs(db: Db, limit?: number): Promise<PublicFaq[]> {
  const answered = "SELECT id, question, answer FROM faqs WHERE answer IS NOT NULL AND btrim(answer) <> ''";
  return limit
    ? db.query<PublicFaq & Record<string, unknown>>(
        `SELECT * FROM (${answered} ORDER BY id DESC LIMIT $1) latest ORDER BY id`,
        [limit],
      )
    : db.query<PublicFaq & Record<string, unknown>>(`${answered} ORDER BY id`);
}

/** Stores a visitor's question; the answer is always null until staff write one. */
export async function addFaq(db: Db, question: string): Promise<number> {
  const rows = await db.query<{ id: number }>(
    "INSERT INTO faqs (question, answer) VALUES ($1, NULL) RETURNING id",
    [question],
  );
  return rows[0]!.id;
}

// ---- e-mail verification --------------------------------------------------------------------

/** Issues a code for an applicant's address and mails it. False when the mail could not be sent. */
export async function sendApplicationCode(app: App, email: string): Promise<boolean> {
  await enforce(app.deps, LIMITS.codeSend, app.clientKey);
  const code = await issueCode(app.deps, "application", email);
  const minutes = Math.round(CODE_TTL_SECONDS / 60);
  return sendVisitorMail(
    app.deps,
    {
      to: email,
      subject: `Your ${site.name} verification code`,
      text: [
        "Hello,",
        "",
        `Your code to verify your e-mail address for a job application at ${site.name} is:`,
        "",
        `    ${code}`,
        "",
        `It is valid for ${minutes} minutes and can be used once. If you did not ask for it, you can ignore this message.`,
        "",
        `${site.name} careers`,
        site.careersEmail,
      ].join("\n"),
    },
    { kind: "application-code" },
  );
}

export type CodeCheck = "ok" | "wrong" | "expired";

/**
 * Checks an applicant's code. A right one binds `token` (single use, held by the applicant's
 * browser in an HttpOnly cookie) to the verification: the application must carry it.
 */
export async function checkApplicationCode(
  app: App,
  email: string,
  code: string,
  token?: string,
): Promise<CodeCheck> {
  await enforce(app.deps, LIMITS.codeVerify, app.clientKey);
  const r = await verifyCode(app.deps, "application", email, code, token ? { token } : {});
  return r === "ok" ? "ok" : r === "wrong" ? "wrong" : "expired";
}

export const APPLY_COOKIE = "__Host-apply";

export function applyCookie(token: string): string {
  return `${APPLY_COOKIE}=${token}; Path=/; HttpOnly; Secure; SameSite=Strict; Max-Age=${VERIFICATION_MINUTES * 60}`;
}

export function clearApplyCookie(): string {
  return `${APPLY_COOKIE}=; Path=/; HttpOnly; Secure; SameSite=Strict; Max-Age=0`;
}

export const verifyFirstError = () =>
  new HttpError(
    403,
    `${MESSAGES.verifyFirst} Email: ask for a code, enter it, then send the application within ${VERIFICATION_MINUTES} minutes.`,
  );

// ---- applications ---------------------------------------------------------------------------

export const DUPLICATE_HOURS = 24;
export const DUPLICATE_MESSAGE =
  "You have already applied for this opening in the last 24 hours. We have your application and will be in touch.";

async function assertNotDuplicate(db: Db, email: string, jobId: number | null, now: Date) {
  const since = new Date(now.getTime() - DUPLICATE_HOURS * 3_600_000).toISOString();
  const rows = await db.query(
    `SELECT 1 FROM applications
      WHERE email = $1 AND job_id IS NOT DISTINCT FROM $2 AND created_at > $3 LIMIT 1`,
    [email, jobId, since],
  );
  if (rows.length > 0) throw new HttpError(409, DUPLICATE_MESSAGE);
}

/**
 * Stores an application with status New. The order matters: every check first, then the file,
 * then the row in one transaction that also uses up the verification token (the token of the
 * person who verified this address: without it there is no application); if the row cannot be
 * stored the file is deleted again and the token stays usable. The endpoint has already applied
 * the rate limit and checked the token before reading the body.
 */
export async function submitApplication(
  app: App,
  input: ApplicationInput,
  resume: CheckedFile,
  token: string,
): Promise<{ id: number }> {
  const db = await app.db();
  const job = input.job_id === null ? undefined : await findJob(db, input.job_id);
  if (input.job_id !== null && !job) throw badRequest("job_id: this opening does not exist any more.");
  const now = app.now();
  await assertNotDuplicate(db, input.email, input.job_id, now);

  const storage = await app.storage();
  const key = newKey("private", resume.ext);
  await storage.put(key, resume.bytes, resume.mime);
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      // One application at a time per address, so two simultaneous submissions cannot both pass.
      await tx.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`application:${input.email}`]);
      await assertNotDuplicate(tx, input.email, input.job_id, now);
      if (!(await claimApplicationToken(app.deps, tx, token, input.email, VERIFICATION_MINUTES)))
        throw verifyFirstError();
      const rows = await tx.query<{ id: number }>(
        `INSERT INTO applications (job_id, first_name, last_name, email, mobile, native_place, gender,
           total_experience, it_experience, current_company, notice_period, expected_salary,
           willing_to_relocate, skills, certifications, resume_key, resume_filename, resume_type,
           status, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, 'New', $19)
         RETURNING id`,
        [
          input.job_id,
          input.firstName,
          input.lastName,
          input.email,
          input.mobile,
          input.nativePlace,
          input.gender,
          input.totalExperience,
          input.itExperience,
          input.currentCompany,
          input.noticePeriod,
          input.expectedSalary,
          input.willingToRelocate,
          input.skills,
          input.certifications,
          key,
          resume.name,
          resume.mime,
          now.toISOString(),
        ],
      );
      return rows[0]!.id;
    });
  } catch (err) {
    await storage
      .delete(key)
      .catch((e: unknown) =>
        log.error("orphan resume not deleted", { key, error: String(e), requestId: app.requestId }),
      );
    throw err;
  }

  await sendAndRecord(
    app.deps,
    {
      to: input.email,
      subject: `We received your application – ${site.name}`,
      text: [
        `Dear ${input.firstName},`,
        "",
        `Thank you for applying${job ? ` for the ${job.job_title} opening` : ""} at ${site.name}. We have received your application and resume.`,
        "Our recruitment team reviews every application and will contact you if your profile matches the role.",
        "",
        `If you have questions, write to ${site.careersEmail}.`,
        "",
        `${site.name} careers`,
      ].join("\n"),
    },
    { kind: "application-received", refTable: "applications", refId: id },
  );
  return { id };
}
