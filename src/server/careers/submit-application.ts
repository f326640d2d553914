/**
 * An applicant sends the application: the rules (verified e-mail, existing opening, one
 * application per address and opening a day, resume stored only with its row) live here.
 */
import type { Deps } from "../common/deps";
import { checkUpload } from "../common/files";
import { applicationTokenEmail, claimApplicationToken } from "./application-tokens";
import { Conflict, Forbidden, Invalid } from "../common/errors";
import { sendAndRecord } from "../common/notify";
import type { Db } from "../platform/db/db";
import { newKey } from "../platform/storage/storage";
import { site } from "../../config/site";
import { type ApplicationInput } from "../../shared/careers/careers";
import { MESSAGES, VERIFICATION_MINUTES } from "../../shared/careers/careers-common";
import { PRIVACY_NOTICE } from "../../shared/privacy/notice";
import { findJob } from "./jobs";
import { staffApplication } from "./applications-admin";
import { emitWebhookEvent } from "../common/webhooks/events";

/** A resume whose kind was judged by its bytes. */
export interface Resume {
  bytes: Uint8Array;
  mime: string;
  ext: string;
  /** The file's name, cleaned for display. */
  name: string;
}

export const verifyFirstError = () =>
  new Forbidden(
    `${MESSAGES.verifyFirst} Email: ask for a code, enter it, then send the application within ${VERIFICATION_MINUTES} minutes.`,
  );

/**
 * The address the applicant's token was issued for; without a live token nobody may apply.
 * Cheap (one indexed read), so the endpoint asks before it reads the body.
 */
export async function verifiedApplicant(
  deps: Pick<Deps, "db" | "now">,
  token: string | undefined,
): Promise<{ token: string; email: string }> {
  const email = await applicationTokenEmail(deps, token, VERIFICATION_MINUTES);
  if (!token || !email) throw verifyFirstError();
  return { token, email };
}

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
  if (rows.length > 0) throw new Conflict(DUPLICATE_MESSAGE);
}

/**
 * Stores an application with status New. The order matters: every check first, then the file,
 * then the row in one transaction that also uses up the verification token (the token of the
 * person who verified this address: without it there is no application); if the row cannot be
 * stored the file is deleted again and the token stays usable. The endpoint has already applied
 * the rate limit and checked the token before reading the body.
 */
/**
 * An application as posted with its resume (PDF, DOC or DOCX, judged by its bytes): the address
 * must be the one verified (checked before the resume is judged), then it is stored.
 */
export async function receiveApplication(
  deps: Parameters<typeof submitApplication>[0],
  posted: { input: ApplicationInput; resume: unknown; token: string; verifiedEmail: string },
): Promise<{ id: number }> {
  const { input, token, verifiedEmail } = posted;
  if (input.email !== verifiedEmail) throw verifyFirstError();
  const opts = { field: "resume", label: "Resume", kinds: RESUME_KINDS, required: true };
  const resume = (await checkUpload(posted.resume, opts))!;
  return submitApplication(deps, { input, resume, token, verifiedEmail });
}

const RESUME_KINDS = ["pdf", "doc", "docx"] as const;

export async function submitApplication(
  deps: Pick<Deps, "db" | "storage" | "mail" | "now" | "requestId" | "env" | "log" | "raise">,
  application: { input: ApplicationInput; resume: Resume; token: string; verifiedEmail: string },
): Promise<{ id: number }> {
  const { input, resume, token } = application;
  if (input.email !== application.verifiedEmail) throw verifyFirstError();
  const { db, storage } = deps;
  const job = input.job_id === null ? undefined : await findJob(deps, input.job_id);
  if (input.job_id !== null && !job) throw new Invalid("job_id: this opening does not exist any more.");
  const now = deps.now();
  await assertNotDuplicate(db, input.email, input.job_id, now);

  const key = newKey("private", resume.ext);
  await storage.put(key, resume.bytes, resume.mime);
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      // One application at a time per address, so two simultaneous submissions cannot both pass.
      await tx.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`application:${input.email}`]);
      await assertNotDuplicate(tx, input.email, input.job_id, now);
      if (!(await claimApplicationToken(deps, tx, token, input.email, VERIFICATION_MINUTES)))
        throw verifyFirstError();
      const rows = await tx.query<{ id: number }>(
        `INSERT INTO applications (job_id, first_name, last_name, email, mobile, native_place, gender,
           total_experience, it_experience, current_company, notice_period, expected_salary,
           willing_to_relocate, skills, certifications, resume_key, resume_filename, resume_type,
           status, created_at, privacy_consent_version, privacy_consent_at, talent_pool, talent_pool_consent_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, 'New', $19,
           $20, $19, $21, CASE WHEN $21 THEN $19::timestamptz END)
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
          // The schema refuses an application without privacyConsent=yes: it is recorded with
          // the notice's version and the application's time.
          PRIVACY_NOTICE.version,
          input.talentPool,
        ],
      );
      const made = rows[0]!.id;
      const staffView = await staffApplication(tx, made, deps.env.retention);
      if (staffView) await emitWebhookEvent(tx, deps, "application.created", staffView);
      return made;
    });
  } catch (err) {
    await storage
      .delete(key)
      .catch((e: unknown) =>
        deps.log.error("orphan resume not deleted", { key, error: String(e), requestId: deps.requestId }),
      );
    throw err;
  }

  await sendAndRecord(
    deps,
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
        `To see, download or delete the data we hold about you, or to withdraw this application: ${deps.env.siteUrl}/privacy/my-data`,
        "",
        `${site.name} careers`,
      ].join("\n"),
    },
    { kind: "application-received", refTable: "applications", refId: id },
  );
  return { id };
}
