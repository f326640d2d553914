/**
 * The daily housekeeping job (netlify/functions/housekeeping.ts): the one place where personal
 * data expires and short-lived rows go, by the lifetimes of src/shared/privacy/retention.ts
 * (`env.retention`). No visitor's or staff member's request waits for it.
 *
 * Every database change of a run happens in one transaction that first takes a transaction-scoped
 * advisory lock without waiting: a second run started meanwhile finds it taken and does nothing,
 * and a run started after the first commits finds nothing left. Files leave storage after the
 * commit (file-deletions.ts); the run's audit entry holds counts only.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Deps } from "../common/deps";
import { recordAudit } from "../common/audit";
import { shortNetwork } from "../common/network-address";
import { sendAndRecord } from "../common/notify";
import type { Db } from "../platform/db/db";
import { site } from "../../config/site";
import { anonymiseApplications, anonymiseInquiries } from "./anonymise";
import { deleteQueuedFiles } from "./file-deletions";

const DAY = 86_400_000;
/** Rows of one kind changed per run at most, so one transaction stays short; the rest go tomorrow. */
export const BATCH = 1000;
/** Days before a talent-pool application expires that its candidate is asked to extend it. */
export const NOTICE_DAYS = 30;
/** A picture uploaded into a post's text and used by no post is deleted after this long. */
export const ORPHAN_IMAGE_HOURS = 24;
/** The housekeeping lock (any constant bigint). */
export const HOUSEKEEPING_LOCK = 7_146_532_091_544_207;

export const HOUSEKEEPING_ACTION = "privacy.housekeeping";

export interface HousekeepingCounts {
  applicationsAnonymised: number;
  talentPoolNotices: number;
  leadsAnonymised: number;
  meetingsDeleted: number;
  commentEmailsCleared: number;
  spamSendersDeleted: number;
  commentReportsDeleted: number;
  sessionsDeleted: number;
  codesDeleted: number;
  rateLimitRowsDeleted: number;
  mailLogDeleted: number;
  webhookDeliveriesDeleted: number;
  auditDeleted: number;
  auditAddressesShortened: number;
  orphanImages: number;
  filesDeleted: number;
}

export type HousekeepingResult = { skipped: true } | ({ skipped: false } & HousekeepingCounts);

/** When an application's lifetime starts: its last status change, or the candidate's extension. */
export const APPLICATION_START = `greatest(a.created_at, a.retention_extended_at,
  (SELECT max(h.changed_at) FROM application_status_history h WHERE h.application_id = a.id))`;
/** When a lead's lifetime starts: its last activity. */
export const LEAD_START = `greatest(i.created_at, i.stage_changed_at,
  (SELECT max(e.created_at) FROM inquiry_events e WHERE e.inquiry_id = i.id))`;

const ago = (now: Date, days: number) => new Date(now.getTime() - days * DAY).toISOString();
const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

async function count(tx: Db, sql: string, params: unknown[]): Promise<number> {
  const rows = await tx.query<{ n: number }>(
    `WITH gone AS (${sql} RETURNING 1) SELECT count(*)::int AS n FROM gone`,
    params,
  );
  return Number(rows[0]?.n ?? 0);
}

/** The candidate's link to keep a talent-pool application: its id, signed with the notice's time. */
export function extendToken(secret: string, id: number, noticeAt: Date): string {
  const sig = createHmac("sha256", `extend:${secret}`)
    .update(`${id}\n${noticeAt.toISOString()}`)
    .digest("base64url")
    .slice(0, 32);
  return `${id}.${sig}`;
}

export function checkExtendToken(secret: string, token: string, noticeAt: Date): boolean {
  const id = Number(token.split(".")[0]);
  const a = Buffer.from(token);
  const b = Buffer.from(extendToken(secret, id, noticeAt));
  return a.length === b.length && timingSafeEqual(a, b);
}

interface Notice {
  id: number;
  email: string;
  first_name: string;
  expires: Date;
  noticeAt: Date;
}

async function expire(
  tx: Db,
  deps: Pick<Deps, "now" | "env" | "secret">,
  c: HousekeepingCounts,
): Promise<Notice[]> {
  const now = deps.now();
  const r = deps.env.retention;
  const apps = await tx.query<{ id: number }>(
    `SELECT a.id FROM applications a
      WHERE a.anonymised_at IS NULL
        AND ${APPLICATION_START} < CASE WHEN a.talent_pool THEN $2::timestamptz ELSE $1::timestamptz END
      ORDER BY a.id LIMIT $3`,
    [ago(now, r.applications), ago(now, r.talentPool), BATCH],
  );
  c.applicationsAnonymised = await anonymiseApplications(tx, ids(apps), "expired", now, deps.secret);

  // One reminder per lifetime: an extension starts a new one, with a new reminder at its end.
  const due = await tx.query<{ id: number; email: string; first_name: string; start: Date | string }>(
    `SELECT a.id, a.email, a.first_name, ${APPLICATION_START} AS start FROM applications a
      WHERE a.anonymised_at IS NULL AND a.talent_pool AND a.email IS NOT NULL
        AND ${APPLICATION_START} < $1::timestamptz
        AND (a.expiry_notice_at IS NULL OR a.expiry_notice_at < ${APPLICATION_START})
      ORDER BY a.id LIMIT $2 FOR UPDATE OF a`,
    [ago(now, r.talentPool - NOTICE_DAYS), BATCH],
  );
  const notices: Notice[] = [];
  for (const row of due) {
    await tx.query("UPDATE applications SET expiry_notice_at = $2 WHERE id = $1", [
      row.id,
      now.toISOString(),
    ]);
    notices.push({
      id: row.id,
      email: row.email,
      first_name: row.first_name,
      expires: new Date(new Date(row.start).getTime() + r.talentPool * DAY),
      noticeAt: now,
    });
  }
  c.talentPoolNotices = notices.length;

  const leads = await tx.query<{ id: number }>(
    `SELECT i.id FROM inquiries i WHERE i.anonymised_at IS NULL AND ${LEAD_START} < $1::timestamptz
      ORDER BY i.id LIMIT $2`,
    [ago(now, r.leads), BATCH],
  );
  c.leadsAnonymised = await anonymiseInquiries(tx, ids(leads), now, deps.secret);

  c.commentEmailsCleared = await count(
    tx,
    `UPDATE comments SET email = NULL, address = NULL, address_key = NULL WHERE id IN (
       SELECT id FROM comments
        WHERE (email IS NOT NULL OR address IS NOT NULL OR address_key IS NOT NULL) AND date < $1
        ORDER BY date LIMIT $2)`,
    [ago(now, r.commentEmails), BATCH * 10],
  );
  c.spamSendersDeleted = await count(tx, "DELETE FROM comment_spam_senders WHERE created_at < $1", [
    ago(now, r.spamSenders),
  ]);
  return notices;
}

async function prune(tx: Db, deps: Pick<Deps, "now" | "env">, c: HousekeepingCounts) {
  const now = deps.now();
  const r = deps.env.retention;
  const short = ago(now, r.shortLived);
  c.sessionsDeleted = await count(tx, "DELETE FROM sessions WHERE least(revoked_at, expires_at) < $1", [
    short,
  ]);
  c.codesDeleted = await count(tx, "DELETE FROM email_codes WHERE created_at < $1", [short]);
  c.rateLimitRowsDeleted =
    (await count(tx, "DELETE FROM rate_limits WHERE window_start < $1", [short])) +
    (await count(tx, "DELETE FROM login_attempts WHERE window_start < $1", [short]));
  // A report's network fingerprint only stops a second report from the same network; the
  // comment keeps its count of reports since the last review.
  c.commentReportsDeleted = await count(tx, "DELETE FROM comment_reports WHERE created_at < $1", [short]);
  // Sales' notifications of leads stay with their lead: they say whether sales was told.
  c.mailLogDeleted = await count(
    tx,
    "DELETE FROM mail_log WHERE created_at < $1 AND NOT (kind = 'inquiry' AND ref_table = 'inquiries')",
    [short],
  );
  // Copies of leads and applications sent to the CRM, with their attempts (but one being sent now).
  c.webhookDeliveriesDeleted = await count(
    tx,
    "DELETE FROM webhook_deliveries WHERE created_at < $1 AND status <> 'sending'",
    [ago(now, r.webhookDeliveries)],
  );
  // Booked calls, once over or cancelled for their lifetime (a lead's anonymisation takes its calls sooner).
  c.meetingsDeleted = await count(tx, "DELETE FROM meetings WHERE coalesce(cancelled_at, ends_at) < $1", [
    ago(now, r.meetings),
  ]);
  c.auditDeleted = await count(tx, "DELETE FROM audit_log WHERE at < $1", [ago(now, r.audit)]);
  const full = await tx.query<{ id: string; address: string }>(
    `SELECT id::text AS id, address FROM audit_log
      WHERE at < $1 AND address IS NOT NULL AND address NOT LIKE '%/%' ORDER BY at LIMIT $2`,
    [ago(now, r.auditAddresses), BATCH * 10],
  );
  if (full.length) {
    await tx.query(
      `UPDATE audit_log a SET address = v.address FROM unnest($1::bigint[], $2::text[]) AS v(id, address)
        WHERE a.id = v.id`,
      [full.map((f) => f.id), full.map((f) => shortNetwork(f.address))],
    );
  }
  c.auditAddressesShortened = full.length;

  // Pictures uploaded into a post's text that no post uses (never inserted, or their post was
  // deleted) after a day.
  const orphans = await tx.query<{ key: string }>(
    `DELETE FROM post_uploads u WHERE u.key IN (
       SELECT key FROM post_uploads WHERE uploaded_at < $1 ORDER BY uploaded_at LIMIT $2)
       AND NOT EXISTS (SELECT 1 FROM posts p
                        WHERE p.content LIKE '%' || u.key || '%' OR p.image1 = u.key OR p.image2 = u.key)
     RETURNING u.key`,
    [new Date(now.getTime() - ORPHAN_IMAGE_HOURS * 3_600_000).toISOString(), BATCH],
  );
  if (orphans.length) {
    await tx.query(
      `INSERT INTO file_deletions (key, queued_at) SELECT k, $2 FROM unnest($1::text[]) AS k
       ON CONFLICT (key) DO NOTHING`,
      [orphans.map((o) => o.key), now.toISOString()],
    );
  }
  c.orphanImages = orphans.length;
}

function noticeMail(deps: Pick<Deps, "env" | "secret">, n: Notice) {
  const link = `${deps.env.siteUrl}/privacy/my-data?extend=${extendToken(deps.secret, n.id, n.noticeAt)}`;
  const day = n.expires.toISOString().slice(0, 10);
  return {
    to: n.email,
    subject: `Keep your application in the ${site.name} talent pool?`,
    text: [
      `Hello ${n.first_name},`,
      "",
      `You asked us to keep your application in our talent pool. It will be anonymised and your resume deleted on ${day}.`,
      "",
      `To keep it for another ${deps.env.retention.talentPool} days, open this link:`,
      link,
      "",
      "If you do nothing, it is removed on that day. You can also see, download or delete everything we hold about you at",
      `${deps.env.siteUrl}/privacy/my-data`,
      "",
      `${site.name} careers`,
    ].join("\n"),
  };
}

/** One run of the job; `{ skipped: true }` when another run holds the lock. */
export async function runHousekeeping(
  deps: Pick<Deps, "db" | "storage" | "mail" | "now" | "env" | "secret" | "requestId" | "log">,
): Promise<HousekeepingResult> {
  const c: HousekeepingCounts = {
    applicationsAnonymised: 0,
    talentPoolNotices: 0,
    leadsAnonymised: 0,
    meetingsDeleted: 0,
    commentEmailsCleared: 0,
    spamSendersDeleted: 0,
    commentReportsDeleted: 0,
    sessionsDeleted: 0,
    codesDeleted: 0,
    rateLimitRowsDeleted: 0,
    mailLogDeleted: 0,
    webhookDeliveriesDeleted: 0,
    auditDeleted: 0,
    auditAddressesShortened: 0,
    orphanImages: 0,
    filesDeleted: 0,
  };
  const notices = await deps.db.transaction(async (tx) => {
    const [got] = await tx.query<{ ok: boolean }>("SELECT pg_try_advisory_xact_lock($1::bigint) AS ok", [
      HOUSEKEEPING_LOCK,
    ]);
    if (!got?.ok) return null;
    const due = await expire(tx, deps, c);
    await prune(tx, deps, c);
    return due;
  });
  if (notices === null) return { skipped: true };
  for (const n of notices)
    await sendAndRecord(deps, noticeMail(deps, n), {
      kind: "talent-pool-notice",
      refTable: "applications",
      refId: n.id,
    });
  // Files of this run and any a failed earlier run left queued.
  c.filesDeleted = await deleteQueuedFiles(deps);
  await recordAudit(
    deps,
    { userId: null, email: null, address: null },
    {
      action: HOUSEKEEPING_ACTION,
      changes: Object.fromEntries(Object.entries(c).map(([k, v]) => [k, [null, v] as const])),
    },
  );
  return { skipped: false, ...c };
}
