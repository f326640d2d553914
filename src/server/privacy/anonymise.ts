/**
 * Anonymising rows: the one way personal data leaves the database, used by the
 * housekeeping job (expiry), the person's own erasure and withdrawal, and a root_admin's erasure.
 *
 * A row is kept, with what the figures need (status, stage, dates, experience, industry), and
 * everything that names or reaches the person is cleared: names become "Anonymised #id", e-mail,
 * phone, address and free text are cleared, and the files are queued in `file_deletions` in the
 * same transaction, then deleted from storage after the commit (deleteQueuedFiles in
 * file-deletions.ts). The audit trail's copies are scrubbed (audit-scrub.ts); an erasure by
 * e-mail address gathers all of a person's records (erasure.ts).
 */
import type { Db } from "../platform/db/db";
import { refOf, scrubAudit } from "./audit-scrub";
import { queueFiles } from "./file-deletions";

export type AnonymisedReason = "expired" | "withdrawn" | "erased";

/**
 * Anonymises the given applications (those not yet anonymised), with the audit trail's copies of
 * what was written about them; returns how many. `secret` keys the person's hash in the trail.
 */
export async function anonymiseApplications(
  tx: Db,
  ids: number[],
  reason: AnonymisedReason,
  now: Date,
  secret: string,
): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await tx.query<{ id: number; resume_key: string | null; email: string | null }>(
    `SELECT id, resume_key, email FROM applications
      WHERE id = ANY($1::int[]) AND anonymised_at IS NULL ORDER BY id FOR UPDATE`,
    [ids],
  );
  if (rows.length === 0) return 0;
  await queueFiles(
    tx,
    rows.map((r) => r.resume_key),
    now,
  );
  const done = rows.map((r) => r.id);
  await tx.query(
    `UPDATE applications SET first_name = 'Anonymised', last_name = '#' || id, email = NULL,
            mobile = NULL, native_place = NULL, gender = NULL, current_company = NULL,
            skills = NULL, certifications = '', expected_salary = NULL, resume_key = NULL,
            resume_filename = NULL, resume_type = NULL, talent_pool = false,
            anonymised_at = $2, anonymised_reason = $3
      WHERE id = ANY($1::int[])`,
    [done, now.toISOString(), reason],
  );
  // The mail sent to the candidate named them in its subject or address.
  await tx.query(
    `UPDATE mail_log SET recipient = '(anonymised)', subject = '(anonymised)'
      WHERE ref_table = 'applications' AND ref_id = ANY($1::int[])`,
    [done],
  );
  await scrubAudit(
    tx,
    "application",
    rows.map((r) => ({ id: r.id, ref: refOf(secret, r.email) })),
  );
  return done.length;
}

/**
 * Anonymises the given inquiries (leads); their stage and timeline of stages stay. Staff notes go,
 * from the timeline and from the audit trail's copies; `secret` keys the person's hash there.
 */
export async function anonymiseInquiries(tx: Db, ids: number[], now: Date, secret: string): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await tx.query<{ id: number; file_key: string | null; email: string | null }>(
    `SELECT id, file_key, email FROM inquiries WHERE id = ANY($1::int[]) AND anonymised_at IS NULL
      ORDER BY id FOR UPDATE`,
    [ids],
  );
  if (rows.length === 0) return 0;
  await queueFiles(
    tx,
    rows.map((r) => r.file_key),
    now,
  );
  const done = rows.map((r) => r.id);
  await tx.query(
    `UPDATE inquiries SET full_name = 'Anonymised #' || id, email = NULL, mobile = NULL,
            org_name = 'Anonymised', job_title = 'Anonymised', project_details = '',
            file_key = NULL, file_name = NULL, file_type = NULL, file_size = NULL,
            source_page = NULL, utm = '{}'::jsonb, marketing_consent = false, anonymised_at = $2
      WHERE id = ANY($1::int[])`,
    [done, now.toISOString()],
  );
  // Staff notes may quote the person; the stage and owner changes stay for the pipeline figures.
  await tx.query(
    "UPDATE inquiry_events SET body = '(removed)' WHERE kind = 'note' AND inquiry_id = ANY($1::int[])",
    [done],
  );
  // Calls booked with the person go (the time is free again), and their mails' subjects with them.
  await tx.query(
    `UPDATE mail_log SET subject = 'Call #' || ref_id
      WHERE ref_table = 'meetings' AND ref_id IN (SELECT id FROM meetings WHERE inquiry_id = ANY($1::int[]))`,
    [done],
  );
  await tx.query("DELETE FROM meetings WHERE inquiry_id = ANY($1::int[])", [done]);
  // Sales' notification named the organisation; whether it went out stays.
  await tx.query(
    `UPDATE mail_log SET subject = 'New inquiry #' || ref_id
      WHERE ref_table = 'inquiries' AND ref_id = ANY($1::int[])`,
    [done],
  );
  await scrubAudit(
    tx,
    "lead",
    rows.map((r) => ({ id: r.id, ref: refOf(secret, r.email) })),
  );
  return done.length;
}
