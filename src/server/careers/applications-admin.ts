/**
 * Staff-side applications: the paged listing (fast at any size: it walks the
 * (status, created_at, id) index, or (created_at, id) without a status), status changes kept in
 * a history within one transaction, a short neutral e-mail when a candidate is selected or
 * rejected, and short-lived signed links to resumes.
 */
import { site } from "../../config/site";
import type { ApplicationStatus } from "../../shared/careers/admin-schemas";
import type { StaffApplication, StatusChange } from "../../shared/careers/admin-api";
import type { StaffSession } from "../../shared/staff/staff";
import type { Db } from "../platform/db/db";
import { recordAudited, type Actor } from "../common/audit";
import { AUDIT_FIELDS } from "../common/audit-fields";
import type { Deps } from "../common/deps";
import { Gone, NotFound } from "../common/errors";
import type { RetentionDays } from "../../shared/privacy/retention";
import { sendAndRecord } from "../common/notify";
import { emitWebhookEvent } from "../common/webhooks/events";

export const APPLICATIONS_PER_PAGE = 25;
export const RESUME_LINK_SECONDS = 120;

/** What the audit trail keeps of a status change. */
const AUDITED = {
  action: "application.status",
  entity: "application",
  table: "applications",
  fields: AUDIT_FIELDS.applications,
} as const;

/** A listing row as the database returns it (numbers may come as strings, times as dates). */
type AppRow = Omit<
  StaffApplication,
  | "name"
  | "history"
  | "total_experience"
  | "it_experience"
  | "expected_salary"
  | "created_at"
  | "privacy_consent_at"
  | "talent_pool_consent_at"
  | "resume"
> & {
  has_resume: boolean;
  anonymised_reason: string | null;
  privacy_consent_at: Date | string | null;
  talent_pool_consent_at: Date | string | null;
  total_experience: string | number;
  it_experience: string | number;
  expected_salary: string | number | null;
  created_at: Date | string;
  [k: string]: unknown;
};

const isoOrNull = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

// An anonymised application (src/server/privacy/) keeps its status and figures; its cleared
// fields read as empty text.
const SELECT_APPLICATION = `SELECT a.id, a.first_name, a.last_name, coalesce(a.email, '') AS email,
                 coalesce(a.mobile, '') AS mobile, coalesce(a.native_place, '') AS native_place,
                 coalesce(a.gender, '') AS gender, a.total_experience, a.it_experience,
                 coalesce(a.current_company, '') AS current_company, a.notice_period,
                 a.expected_salary, a.willing_to_relocate, coalesce(a.skills, '') AS skills,
                 a.certifications, a.job_id,
                 j.job_title, a.status, a.created_at, a.privacy_consent_version, a.privacy_consent_at,
                 a.talent_pool, a.talent_pool_consent_at, a.resume_key IS NOT NULL AS has_resume,
                 a.anonymised_reason`;

/** The listing query: one index range scan, newest first; exported for the plan test. */
export function listingSql(withStatus: boolean) {
  return `${SELECT_APPLICATION}
            FROM (SELECT * FROM applications ${withStatus ? "WHERE status = $3" : ""}
                   ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2) a
            LEFT JOIN jobs j ON j.id = a.job_id
           ORDER BY a.created_at DESC, a.id DESC`;
}

/**
 * Why an application's resume is no longer held, in words that finish "The resume was ...", or
 * null when it is held or none was sent. An expired one went after the lifetime of its kind (a
 * talent-pool application's when the candidate had consented to the pool).
 */
export function resumeGone(
  r: { has_resume: boolean; anonymised_reason: string | null; talent_pool_consent_at: unknown },
  retention: Pick<RetentionDays, "applications" | "talentPool">,
): string | null {
  if (r.has_resume) return null;
  switch (r.anonymised_reason) {
    case "erased":
      return "erased at the person's request";
    case "withdrawn":
      return "deleted when the candidate withdrew the application";
    case "expired":
      return `deleted after ${r.talent_pool_consent_at ? retention.talentPool : retention.applications} days`;
    default:
      return null;
  }
}

/** One application as the staff list shows it (the payload of its webhook events, minus `resume`). */
export async function staffApplication(
  db: Db,
  id: number,
  retention: RetentionDays,
): Promise<StaffApplication | undefined> {
  const [row] = await db.query<AppRow>(
    `${SELECT_APPLICATION} FROM applications a LEFT JOIN jobs j ON j.id = a.job_id WHERE a.id = $1`,
    [id],
  );
  return row ? toStaffApplication(row, (await historyOf(db, [id])).get(id) ?? [], retention) : undefined;
}

const toStaffApplication = (
  r: AppRow,
  history: StatusChange[],
  retention: RetentionDays,
): StaffApplication => ({
  id: r.id,
  name: `${r.first_name} ${r.last_name}`,
  first_name: r.first_name,
  last_name: r.last_name,
  email: r.email,
  mobile: r.mobile,
  native_place: r.native_place,
  gender: r.gender,
  total_experience: Number(r.total_experience),
  it_experience: Number(r.it_experience),
  current_company: r.current_company,
  notice_period: r.notice_period,
  expected_salary: r.expected_salary === null ? null : Number(r.expected_salary),
  willing_to_relocate: r.willing_to_relocate,
  skills: r.skills,
  certifications: r.certifications,
  job_id: r.job_id,
  job_title: r.job_title,
  status: r.status,
  created_at: new Date(r.created_at).toISOString(),
  history,
  privacy_consent_version: r.privacy_consent_version,
  privacy_consent_at: isoOrNull(r.privacy_consent_at),
  talent_pool: r.talent_pool,
  talent_pool_consent_at: isoOrNull(r.talent_pool_consent_at),
  resume: { held: r.has_resume, gone: resumeGone(r, retention) },
});

export async function listApplications(
  { db, env }: Pick<Deps, "db" | "env">,
  opts: { status?: ApplicationStatus | undefined; page: number },
) {
  const params: unknown[] = [APPLICATIONS_PER_PAGE + 1, (opts.page - 1) * APPLICATIONS_PER_PAGE];
  if (opts.status) params.push(opts.status);
  const rows = await db.query<AppRow>(listingSql(!!opts.status), params);
  const [{ n }] = (await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM applications ${opts.status ? "WHERE status = $1" : ""}`,
    opts.status ? [opts.status] : [],
  )) as [{ n: number }];
  const page = rows.slice(0, APPLICATIONS_PER_PAGE);
  const history = await historyOf(
    db,
    page.map((r) => r.id),
  );
  const applications = page.map((r) => toStaffApplication(r, history.get(r.id) ?? [], env.retention));
  return {
    applications,
    status: opts.status ?? ("all" as const),
    page: opts.page,
    pageSize: APPLICATIONS_PER_PAGE,
    total: n,
    hasMore: rows.length > APPLICATIONS_PER_PAGE,
  };
}

async function historyOf(db: Db, ids: number[]): Promise<Map<number, StatusChange[]>> {
  const out = new Map<number, StatusChange[]>();
  if (ids.length === 0) return out;
  const rows = await db.query<{
    application_id: number;
    from_status: string;
    to_status: ApplicationStatus;
    changed_by_email: string;
    changed_at: Date | string;
  }>(
    `SELECT application_id, from_status, to_status, changed_by_email, changed_at
       FROM application_status_history WHERE application_id = ANY($1::int[])
      ORDER BY application_id, changed_at, id`,
    [ids],
  );
  for (const r of rows) {
    const list = out.get(r.application_id) ?? [];
    list.push({
      from: r.from_status,
      to: r.to_status,
      by: r.changed_by_email,
      at: new Date(r.changed_at).toISOString(),
    });
    out.set(r.application_id, list);
  }
  return out;
}

/**
 * Sets the status and records who changed it, in one transaction. Setting the status it already
 * has changes nothing. Returns the change, or null when there was none.
 */
export async function changeStatus(
  deps: Pick<Deps, "db" | "now" | "env" | "raise"> & Partial<Pick<Deps, "requestId">>,
  staff: StaffSession,
  id: number,
  status: ApplicationStatus,
): Promise<{
  change: StatusChange | null;
  email: string | null;
  firstName: string;
  jobTitle: string | null;
}> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.query<{
      status: string;
      email: string | null;
      first_name: string;
      job_title: string | null;
    }>(
      `SELECT a.status, a.email, a.first_name, j.job_title
         FROM applications a LEFT JOIN jobs j ON j.id = a.job_id WHERE a.id = $1 FOR UPDATE OF a`,
      [id],
    );
    if (!row) throw new NotFound("This application no longer exists.");
    const base = { email: row.email, firstName: row.first_name, jobTitle: row.job_title };
    if (row.status === status) return { ...base, change: null };
    await tx.query("UPDATE applications SET status = $2 WHERE id = $1", [id, status]);
    await tx.query(
      `INSERT INTO application_status_history
         (application_id, from_status, to_status, changed_by, changed_by_email, changed_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [id, row.status, status, staff.userId, staff.email, now.toISOString()],
    );
    const application = await staffApplication(tx, id, deps.env.retention);
    if (application) await emitWebhookEvent(tx, deps, "application.status_changed", application);
    return {
      ...base,
      change: { from: row.status, to: status, by: staff.email, at: now.toISOString() },
    };
  });
}

/** The short, neutral message a candidate receives when selected or rejected. */
export function statusMail(status: ApplicationStatus, firstName: string, jobTitle: string | null) {
  const role = jobTitle ? ` for the ${jobTitle} position` : "";
  const subject = `Your application to ${site.name}`;
  const body =
    status === "Selected"
      ? `Thank you for applying${role}. We are pleased to move your application to the next step. A member of our team will contact you shortly to arrange the next conversation.`
      : `Thank you for applying${role} and for the time you gave us. After careful review, we will not be moving forward with your application at this time. We wish you every success.`;
  return {
    subject,
    text: `Hello ${firstName},\n\n${body}\n\nKind regards,\nThe ${site.name} careers team\n`,
  };
}

/**
 * Changes the status and, on Selected or Rejected, e-mails the candidate (never undoing the
 * change). The audit entry commits with the change.
 */
export async function updateApplicationStatus(
  deps: Pick<Deps, "db" | "mail" | "now" | "env" | "requestId" | "log" | "raise">,
  actor: Actor,
  staff: StaffSession,
  id: number,
  status: ApplicationStatus,
) {
  const spec = { ...AUDITED, id };
  return recordAudited(deps, actor, spec, async (deps) => {
    const result = await changeStatus(deps, staff, id, status);
    let mailed = false;
    // An anonymised application has no address to write to.
    if (result.change && result.email && (status === "Selected" || status === "Rejected")) {
      const mail = statusMail(status, result.firstName, result.jobTitle);
      mailed = await sendAndRecord(
        deps,
        { to: result.email, ...mail },
        { kind: `application_${status.toLowerCase()}`, refTable: "applications", refId: id },
      );
    }
    return { id, status, change: result.change, mailed };
  });
}

const EXT: Record<string, string> = {
  "application/pdf": "pdf",
  "application/msword": "doc",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
};

/**
 * A short-lived signed link to a resume, downloaded under a neutral name. A resume that erasure,
 * withdrawal or retention deleted is Gone (410), saying which.
 */
export async function resumeLink(
  { db, storage, env }: Pick<Deps, "db" | "storage" | "env">,
  id: number,
): Promise<string> {
  const [row] = await db.query<{
    resume_key: string | null;
    resume_type: string | null;
    anonymised_reason: string | null;
    talent_pool_consent_at: Date | string | null;
  }>(
    "SELECT resume_key, resume_type, anonymised_reason, talent_pool_consent_at FROM applications WHERE id = $1",
    [id],
  );
  if (!row) throw new NotFound("This application no longer exists.");
  if (!row.resume_key) {
    // An anonymised application's resume was deleted from storage.
    const gone = resumeGone({ ...row, has_resume: false }, env.retention);
    if (gone) throw new Gone(`This resume was ${gone}.`);
    throw new NotFound("This application has no resume.");
  }
  // The type was judged by the file's bytes when it was uploaded: a PDF opens in the browser,
  // a Word file downloads. (Local links check the bytes again as they serve the file.)
  return storage.signedUrl(row.resume_key, {
    expiresIn: RESUME_LINK_SECONDS,
    downloadName: `application-${id}-resume.${EXT[row.resume_type ?? ""] ?? "pdf"}`,
    inlinePdf: row.resume_type === "application/pdf",
  });
}
