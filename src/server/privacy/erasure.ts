/**
 * Erasure of everything held under one e-mail address (the person's own request, or a
 * root_admin's): their applications, leads and comments anonymised, the audit trail's copies
 * scrubbed, their codes and spam fingerprint gone, and every webhook receiver that was sent their
 * data asked to delete its copy.
 */
import type { Deps } from "../common/deps";
import type { Db } from "../platform/db/db";
import { spamEmailKey } from "../common/spam-senders";
import { emitWebhookTo } from "../common/webhooks/events";
import type { AskedToDelete, ErasedCounts } from "../../shared/privacy/api";
import { anonymiseApplications, anonymiseInquiries } from "./anonymise";
import { personRef, scrubAudit } from "./audit-scrub";

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
