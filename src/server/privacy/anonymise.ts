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
import { createHmac } from "node:crypto";
import type { Deps } from "../common/deps";
import type { Db } from "../platform/db/db";
import { spamEmailKey } from "../common/spam-senders";
import { withVariants } from "../platform/images/media-variants";
import { emitWebhookTo } from "../common/webhooks/events";
import type { AskedToDelete, ErasedCounts } from "../../shared/privacy/api";

export type AnonymisedReason = "expired" | "withdrawn" | "erased";

/** The person in the audit trail: a keyed hash of their address, never the address. */
export function personRef(secret: string, email: string): string {
  const h = createHmac("sha256", `person:${secret}`).update(email.trim().toLowerCase()).digest("hex");
  return `person:${h.slice(0, 16)}`;
}

/**
 * The fields of an audit entry whose values are the site's own words, kept when the person goes:
 * stages, statuses, owners (staff), assignment rules (an admin's name), merged ids, flags. Every
 * other field (a note, a name, an address, a comment) may hold the person's words and is replaced
 * by "(removed)": the entry stays, and says that it happened.
 */
const AUDIT_KEPT = [
  "stage",
  "status",
  "owner",
  "rule",
  "merged",
  "alsoMoved",
  "contacted",
  "withdrawn",
  "extended",
  "handled",
  "post_id",
  "report_count",
  "person",
];

/**
 * Scrubs the audit trail's entries about the given records of a person (`entity` with each id),
 * keeping that each happened and by whom, and naming the person by the hash of their address
 * (`ref`, when known) as the field `person`.
 */
async function scrubAudit(tx: Db, entity: string, rows: { id: number | string; ref: string | null }[]) {
  if (rows.length === 0) return;
  await tx.query(
    `UPDATE audit_log a
        SET changes = coalesce(
              (SELECT jsonb_object_agg(e.k, CASE WHEN e.k = ANY($4::text[]) THEN e.v ELSE jsonb_build_object(
                        'from', CASE WHEN coalesce(e.v -> 'from', 'null'::jsonb) = 'null'::jsonb THEN 'null'::jsonb
                                     ELSE '"(removed)"'::jsonb END,
                        'to', CASE WHEN coalesce(e.v -> 'to', 'null'::jsonb) = 'null'::jsonb THEN 'null'::jsonb
                                   ELSE '"(removed)"'::jsonb END) END)
                 FROM jsonb_each(a.changes) AS e(k, v)),
              '{}'::jsonb)
            || CASE WHEN r.ref IS NULL THEN '{}'::jsonb
                    ELSE jsonb_build_object('person', jsonb_build_object('from', NULL, 'to', r.ref)) END
       FROM unnest($2::text[], $3::text[]) AS r(id, ref)
      WHERE a.entity = $1 AND a.entity_id = r.id`,
    [entity, rows.map((r) => String(r.id)), rows.map((r) => r.ref), AUDIT_KEPT],
  );
}

const refOf = (secret: string, email: string | null) => (email ? personRef(secret, email) : null);

async function queueFiles(tx: Db, keys: (string | null | undefined)[], now: Date) {
  const list = [...new Set(keys.filter((k): k is string => Boolean(k)))];
  if (list.length === 0) return;
  await tx.query(
    `INSERT INTO file_deletions (key, queued_at) SELECT k, $2 FROM unnest($1::text[]) AS k
     ON CONFLICT (key) DO NOTHING`,
    [list, now.toISOString()],
  );
}

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

/**
 * The receivers (webhook endpoints) that were sent the person's data, with the ids of the leads
 * and applications each was sent: deliveries that carry the address, or name one of `leads` or
 * `applications`, and that went out (or are going out: any but one still waiting for its first
 * attempt, which erasure deletes before it is sent).
 */
async function receiversOf(tx: Db, address: string, leads: number[], applications: number[]) {
  return tx.query<{
    endpoint_id: number;
    url: string;
    leads: number[] | null;
    applications: number[] | null;
  }>(
    `SELECT d.endpoint_id, e.url,
            array_agg(DISTINCT (d.payload -> 'data' ->> 'id')::int ORDER BY (d.payload -> 'data' ->> 'id')::int)
              FILTER (WHERE d.event_type LIKE 'lead.%') AS leads,
            array_agg(DISTINCT (d.payload -> 'data' ->> 'id')::int ORDER BY (d.payload -> 'data' ->> 'id')::int)
              FILTER (WHERE d.event_type LIKE 'application.%') AS applications
       FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
      WHERE d.event_type <> 'person.erased' AND (d.payload -> 'data' ->> 'id') ~ '^[0-9]{1,9}$'
        AND (d.status <> 'pending' OR d.attempts > 0
             OR EXISTS (SELECT 1 FROM webhook_attempts t WHERE t.delivery_id = d.id))
        AND (lower(d.payload -> 'data' ->> 'email') = $1
             OR (d.event_type LIKE 'lead.%' AND d.payload -> 'data' ->> 'id' = ANY ($2::text[]))
             OR (d.event_type LIKE 'application.%' AND d.payload -> 'data' ->> 'id' = ANY ($3::text[])))
      GROUP BY d.endpoint_id, e.url ORDER BY d.endpoint_id`,
    [address, leads.map(String), applications.map(String)],
  );
}

/** The host name of a receiver's URL (its path or query may hold a secret). */
const hostOf = (url: string) => {
  try {
    return new URL(url).hostname;
  } catch {
    return "(unknown receiver)";
  }
};

/** What an erasure did: the counts, and the receivers asked to delete their copy. */
export interface Erasure {
  counts: ErasedCounts;
  askedToDelete: AskedToDelete[];
}

/**
 * Everything held under one e-mail address, anonymised in one transaction; every receiver that
 * was sent the person's leads or applications gets a signed `person.erased` (whatever it
 * subscribes to) naming the ids it was sent, and the copies still held for sending are deleted.
 */
export async function eraseEmail(
  tx: Db,
  deps: Pick<Deps, "secret" | "raise"> & Partial<Pick<Deps, "requestId">>,
  email: string,
  now: Date,
): Promise<Erasure> {
  const { secret } = deps;
  const address = email.trim().toLowerCase();
  const apps = await tx.query<{ id: number }>(
    "SELECT id FROM applications WHERE email = $1 AND anonymised_at IS NULL",
    [address],
  );
  const leads = await tx.query<{ id: number }>(
    "SELECT id FROM inquiries WHERE lower(email) = $1 AND anonymised_at IS NULL",
    [address],
  );
  const receivers = await receiversOf(
    tx,
    address,
    leads.map((r) => r.id),
    apps.map((r) => r.id),
  );
  const applications = await anonymiseApplications(
    tx,
    apps.map((r) => r.id),
    "erased",
    now,
    secret,
  );
  const inquiries = await anonymiseInquiries(
    tx,
    leads.map((r) => r.id),
    now,
    secret,
  );
  const comments = await tx.query<{ id: number }>(
    `UPDATE comments SET name = 'Anonymised', email = NULL, address = NULL, address_key = NULL,
            comment = '(removed at the author''s request)'
      WHERE lower(email) = $1 RETURNING id`,
    [address],
  );
  // The trail's copies of the person's comments: those kept, and those staff deleted (which the
  // trail alone remembers, by the address it kept of them).
  const ref = personRef(secret, address);
  const deleted = await tx.query<{ entity_id: string }>(
    `SELECT DISTINCT entity_id FROM audit_log
      WHERE entity = 'comment' AND entity_id IS NOT NULL
        AND (lower(changes -> 'email' ->> 'from') = $1 OR lower(changes -> 'email' ->> 'to') = $1)`,
    [address],
  );
  await scrubAudit(
    tx,
    "comment",
    [...new Set([...comments.map((c) => String(c.id)), ...deleted.map((d) => d.entity_id)])].map((id) => ({
      id,
      ref,
    })),
  );
  // Marked as spam: the fingerprint of the address goes too (the network's fingerprint is not
  // linked to an e-mail, and ends after RETENTION_SPAM_SENDER_DAYS).
  await tx.query("DELETE FROM comment_spam_senders WHERE kind = 'email' AND key = $1", [
    spamEmailKey(secret, address),
  ]);
  await tx.query("DELETE FROM email_codes WHERE email = $1", [address]);
  // Copies sent (or waiting to be sent) to the sales CRM that carry the address or name the
  // person's records, with their log; then each receiver that got one is asked to delete its own.
  await tx.query(
    `DELETE FROM webhook_deliveries
      WHERE event_type <> 'person.erased'
        AND (lower(payload -> 'data' ->> 'email') = $1
             OR (event_type LIKE 'lead.%' AND payload -> 'data' ->> 'id' = ANY ($2::text[]))
             OR (event_type LIKE 'application.%' AND payload -> 'data' ->> 'id' = ANY ($3::text[])))`,
    [address, leads.map((r) => String(r.id)), apps.map((r) => String(r.id))],
  );
  const askedToDelete: AskedToDelete[] = [];
  for (const r of receivers) {
    const sent = { leads: r.leads ?? [], applications: r.applications ?? [] };
    await emitWebhookTo(tx, { ...deps, now: () => now }, r.endpoint_id, "person.erased", sent);
    askedToDelete.push({ receiver: hostOf(r.url), ...sent });
  }
  await tx.query(
    "UPDATE mail_log SET recipient = '(anonymised)', subject = '(anonymised)' WHERE lower(recipient) = $1",
    [address],
  );
  return { counts: { inquiries, applications, comments: comments.length }, askedToDelete };
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
