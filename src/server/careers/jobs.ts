/**
 * The public side of careers: job openings and answered questions, as the careers page, its API
 * and the sitemap read them. Unanswered questions are never public.
 */
import type { Deps } from "../common/deps";
import type { PublicFaq, PublicJob } from "../../shared/careers/api";

/** The cache tag of the careers page and its API (purged when a job or an answer changes). */
export const CAREERS_TAGS = ["careers"];

export interface Job extends PublicJob {
  /** ISO time the opening was posted (JobPosting datePosted). */
  created_at: string;
}

export interface JobRow {
  id: number;
  job_title: string;
  required_experience: number;
  skills: string;
  description: string;
  created_at: Date | string;
  [k: string]: unknown;
}

export function toJob(r: JobRow): Job {
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

export const JOB_COLUMNS = "id, job_title, required_experience, skills, description, created_at";

/** The openings, newest first: every one, or the newest `limit`. */
export async function listJobs({ db }: Pick<Deps, "db">, limit?: number): Promise<Job[]> {
  const rows = await db.query<JobRow>(
    `SELECT ${JOB_COLUMNS} FROM jobs ORDER BY created_at DESC, id DESC${limit ? " LIMIT $1" : ""}`,
    limit ? [limit] : [],
  );
  return rows.map(toJob);
}

export async function findJob({ db }: Pick<Deps, "db">, id: number): Promise<Job | undefined> {
  const rows = await db.query<JobRow>(`SELECT ${JOB_COLUMNS} FROM jobs WHERE id = $1`, [id]);
  return rows[0] ? toJob(rows[0]) : undefined;
}

/**
 * True when an opening with this id existed and was deleted (ids come from one sequence and are
 * never reused), so its page can answer 410 Gone rather than 404.
 */
export async function jobWasDeleted({ db }: Pick<Deps, "db">, id: number): Promise<boolean> {
  const [seq] = await db.query<{ last_value: number | string; is_called: boolean }>(
    "SELECT last_value, is_called FROM jobs_id_seq",
  );
  if (!seq?.is_called || id > Number(seq.last_value)) return false;
  return !(await findJob({ db }, id));
}

/** Open openings for the sitemap: their pages and when each last changed. */
export async function listJobPages({
  db,
}: Pick<Deps, "db">): Promise<{ id: number; job_title: string; updated_at: string }[]> {
  const rows = await db.query<{ id: number; job_title: string; updated_at: Date | string }>(
    "SELECT id, job_title, updated_at FROM jobs ORDER BY id",
  );
  return rows.map((r) => ({ ...r, updated_at: new Date(r.updated_at).toISOString() }));
}

/**
 * Answered FAQs only, in the order they were asked: every one, or the latest `limit` of them.
 * Unanswered questions are never public.
 */
export async function listAnsweredFaqs({ db }: Pick<Deps, "db">, limit?: number): Promise<PublicFaq[]> {
  const answered = "SELECT id, question, answer FROM faqs WHERE answer IS NOT NULL AND btrim(answer) <> ''";
  return limit
    ? db.query<PublicFaq & Record<string, unknown>>(
        `SELECT * FROM (${answered} ORDER BY id DESC LIMIT $1) latest ORDER BY id`,
        [limit],
      )
    : db.query<PublicFaq & Record<string, unknown>>(`${answered} ORDER BY id`);
}

/** Stores a visitor's question; the answer is always null until staff write one. */
export async function addFaq({ db }: Pick<Deps, "db">, question: string): Promise<number> {
  const rows = await db.query<{ id: number }>(
    "INSERT INTO faqs (question, answer) VALUES ($1, NULL) RETURNING id",
    [question],
  );
  return rows[0]!.id;
}
