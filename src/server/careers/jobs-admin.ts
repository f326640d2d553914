/** Staff-side job posts: the list with application counts, adding, editing and deleting. */
import type { JobInput } from "../../shared/careers/admin-schemas";
import type { StaffJob } from "../../shared/careers/admin-api";
import { jobTags } from "../../shared/careers/job-posting";
import { recordAudited, type Actor } from "../common/audit";
import { AUDIT_FIELDS } from "../common/audit-fields";
import type { Deps } from "../common/deps";
import { NotFound } from "../common/errors";
import { SITEMAP_TAG } from "../platform/cdn";
import { CAREERS_TAGS, JOB_COLUMNS, toJob as jobOf, type JobRow as BaseJobRow } from "./jobs";

export const JOBS_PER_PAGE = 25;

/** What an edit of one opening makes stale: the careers page, the opening's page, the sitemap. */
export const jobEditTags = (id: number) => [...CAREERS_TAGS, ...jobTags(id), SITEMAP_TAG];

type JobRow = BaseJobRow & { applications?: number };

const toJob = (r: JobRow): StaffJob => ({ ...jobOf(r), applications: Number(r.applications ?? 0) });

const COLUMNS = JOB_COLUMNS;

export async function listJobsForStaff({ db }: Pick<Deps, "db">, page: number) {
  const rows = await db.query<JobRow>(
    `SELECT ${COLUMNS},
            (SELECT count(*)::int FROM applications a WHERE a.job_id = j.id) AS applications
       FROM jobs j ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`,
    [JOBS_PER_PAGE + 1, (page - 1) * JOBS_PER_PAGE],
  );
  const [{ n }] = (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM jobs")) as [{ n: number }];
  return {
    jobs: rows.slice(0, JOBS_PER_PAGE).map(toJob),
    page,
    pageSize: JOBS_PER_PAGE,
    total: n,
    hasMore: rows.length > JOBS_PER_PAGE,
  };
}

/** What the audit trail keeps of an opening's changes. */
const AUDITED = { entity: "job", table: "jobs", fields: AUDIT_FIELDS.jobs } as const;

/** Each change is audited with it and raises the purge of the pages it makes stale (jobEditTags). */
export async function addJob(
  deps: Pick<Deps, "db" | "now" | "raise">,
  actor: Actor,
  job: JobInput,
): Promise<StaffJob> {
  const spec = { ...AUDITED, action: "job.create" as const, idOf: (out: StaffJob) => out.id };
  return recordAudited(deps, actor, spec, async (deps) => {
    const { db, now } = deps;
    const [row] = await db.transaction((tx) =>
      tx.query<JobRow>(
        `INSERT INTO jobs (job_title, required_experience, skills, description, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $5) RETURNING ${COLUMNS}`,
        [job.job_title, job.required_experience, job.skills, job.description, now().toISOString()],
      ),
    );
    deps.raise({ purge: jobEditTags(row!.id) });
    return toJob(row!);
  });
}

export async function updateJob(
  deps: Pick<Deps, "db" | "now" | "raise">,
  actor: Actor,
  id: number,
  job: JobInput,
): Promise<StaffJob> {
  return recordAudited(deps, actor, { ...AUDITED, action: "job.update", id }, async (deps) => {
    const { db, now } = deps;
    const [row] = await db.transaction((tx) =>
      tx.query<JobRow>(
        `UPDATE jobs SET job_title = $2, required_experience = $3, skills = $4, description = $5, updated_at = $6
          WHERE id = $1 RETURNING ${COLUMNS}`,
        [id, job.job_title, job.required_experience, job.skills, job.description, now().toISOString()],
      ),
    );
    if (!row) throw new NotFound("This job post no longer exists.");
    deps.raise({ purge: jobEditTags(id) });
    return toJob(row);
  });
}

/** Deleting a job keeps its applications (their job link becomes empty). */
export async function deleteJob(
  deps: Pick<Deps, "db" | "now" | "raise">,
  actor: Actor,
  id: number,
): Promise<void> {
  await recordAudited(deps, actor, { ...AUDITED, action: "job.delete", id }, async (deps) => {
    const rows = await deps.db.transaction((tx) =>
      tx.query("DELETE FROM jobs WHERE id = $1 RETURNING id", [id]),
    );
    if (rows.length === 0) throw new NotFound("This job post no longer exists.");
    deps.raise({ purge: jobEditTags(id) });
  });
}
