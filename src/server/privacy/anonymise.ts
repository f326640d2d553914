/**
 * Anonymising rows and removing files: the one way personal data leaves the database, used by the
 * housekeeping job (expiry), the person's own erasure and withdrawal, and a root_admin's erasure.
 *
 * A row is kept, with what the figures need (status, stage, dates, experience, industry), and
 * everything that names or reaches the person is cleared: names become "Anonymised #id", e-mail,
 * phone, address and free text are cleared, and the files are queued in `file_deletions` in the
 * same transaction, then deleted from storage after the commit (deleteQueuedFiles). A delete that
 * fails stays queued for the next housekeeping run.
 */
import type { Deps } from "../common/deps";
import type { Db } from "../platform/db/db";
import { spamEmailKey } from "../common/spam-senders";
import { withVariants } from "../platform/images/media-variants";
import type { ErasedCounts } from "../../shared/privacy/api";

export type AnonymisedReason = "expired" | "withdrawn" | "erased";

async function queueFiles(tx: Db, keys: (string | null | undefined)[], now: Date) {
  const list = [...new Set(keys.filter((k): k is string => Boolean(k)))];
  if (list.length === 0) return;
  await tx.query(
    `INSERT INTO file_deletions (key, queued_at) SELECT k, $2 FROM unnest($1::text[]) AS k
     ON CONFLICT (key) DO NOTHING`,
    [list, now.toISOString()],
  );
}

/** Anonymises the given applications (those not yet anonymised); returns how many. */
export async function anonymiseApplications(
  tx: Db,
  ids: number[],
  reason: AnonymisedReason,
  now: Date,
): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await tx.query<{ id: number; resume_key: string | null }>(
    `SELECT id, resume_key FROM applications
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
  return done.length;
}

/** Anonymises the given inquiries (leads); their stage and timeline of stages stay. */
export async function anonymiseInquiries(tx: Db, ids: number[], now: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await tx.query<{ id: number; file_key: string | null }>(
    `SELECT id, file_key FROM inquiries WHERE id = ANY($1::int[]) AND anonymised_at IS NULL
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
  // Sales' notification named the organisation; whether it went out stays.
  await tx.query(
    `UPDATE mail_log SET subject = 'New inquiry #' || ref_id
      WHERE ref_table = 'inquiries' AND ref_id = ANY($1::int[])`,
    [done],
  );
  return done.length;
}

/** Everything held under one e-mail address, anonymised in one transaction; the counts. */
export async function eraseEmail(tx: Db, secret: string, email: string, now: Date): Promise<ErasedCounts> {
  const address = email.trim().toLowerCase();
  const apps = await tx.query<{ id: number }>(
    "SELECT id FROM applications WHERE email = $1 AND anonymised_at IS NULL",
    [address],
  );
  const leads = await tx.query<{ id: number }>(
    "SELECT id FROM inquiries WHERE lower(email) = $1 AND anonymised_at IS NULL",
    [address],
  );
  const applications = await anonymiseApplications(
    tx,
    apps.map((r) => r.id),
    "erased",
    now,
  );
  const inquiries = await anonymiseInquiries(
    tx,
    leads.map((r) => r.id),
    now,
  );
  const comments = await tx.query(
    `UPDATE comments SET name = 'Anonymised', email = NULL, address = NULL, address_key = NULL,
            comment = '(removed at the author''s request)'
      WHERE lower(email) = $1 RETURNING id`,
    [address],
  );
  // Marked as spam: the fingerprint of the address goes too (the network's fingerprint is not
  // linked to an e-mail, and ends after RETENTION_SPAM_SENDER_DAYS).
  await tx.query("DELETE FROM comment_spam_senders WHERE kind = 'email' AND key = $1", [
    spamEmailKey(secret, address),
  ]);
  await tx.query("DELETE FROM email_codes WHERE email = $1", [address]);
  // Copies sent (or waiting to be sent) to the sales CRM that carry the address, with their log.
  await tx.query("DELETE FROM webhook_deliveries WHERE lower(payload -> 'data' ->> 'email') = $1", [address]);
  await tx.query(
    "UPDATE mail_log SET recipient = '(anonymised)', subject = '(anonymised)' WHERE lower(recipient) = $1",
    [address],
  );
  return { inquiries, applications, comments: comments.length };
}

/** Deletions in flight at once: S3 answers each in tens of milliseconds, and a run has ~30 s. */
const PARALLEL_DELETES = 8;

/**
 * Deletes the queued files from storage (with a public image's narrower copies), each row only
 * once its object is gone; returns how many went. A failure is logged and tried again later.
 */
export async function deleteQueuedFiles(
  deps: Pick<Deps, "db" | "storage" | "requestId" | "log">,
  limit = 500,
): Promise<number> {
  const rows = await deps.db.query<{ key: string }>(
    "SELECT key FROM file_deletions ORDER BY queued_at, key LIMIT $1",
    [limit],
  );
  let n = 0;
  const one = async (key: string) => {
    try {
      for (const k of withVariants(key)) await deps.storage.delete(k);
      const gone = await deps.db.query("DELETE FROM file_deletions WHERE key = $1 RETURNING key", [key]);
      n += gone.length; // a run beside this one may have taken it first
    } catch (err) {
      deps.log.warn("file deletion failed; kept for the next run", {
        error: String(err),
        requestId: deps.requestId,
      });
    }
  };
  for (let i = 0; i < rows.length; i += PARALLEL_DELETES)
    await Promise.all(rows.slice(i, i + PARALLEL_DELETES).map((r) => one(r.key)));
  return n;
}
