/**
 * The root_admin's Privacy screen: find what is held under an e-mail address (audited, without
 * the address), the housekeeping job's recent runs, and what expires in the next 30 days.
 */
import type { Deps } from "../common/deps";
import { recordAudit, type Actor } from "../common/audit";
import { RETENTION_KINDS } from "../../shared/privacy/retention";
import type { HeldData } from "../../shared/privacy/api";
import { heldData } from "./held-data";
import { APPLICATION_START, HOUSEKEEPING_ACTION, LEAD_START } from "./housekeeping";
import { personRef } from "./audit-scrub";

export const RUNS_SHOWN = 30;
export const EXPIRING_DAYS = 30;
const EXPIRING_SHOWN = 200;
const DAY = 86_400_000;

export async function searchPerson(
  deps: Pick<Deps, "db" | "storage" | "now" | "secret" | "env">,
  actor: Actor,
  email: string,
): Promise<HeldData> {
  const held = await heldData(deps, email);
  await recordAudit(deps, actor, {
    action: "privacy.search",
    entity: "person",
    entityId: personRef(deps.secret, email),
    changes: {
      inquiries: [null, held.inquiries.length],
      applications: [null, held.applications.length],
      comments: [null, held.comments.length],
    },
  });
  return held;
}

export interface HousekeepingRun {
  at: string;
  counts: Record<string, number>;
}

export interface Expiring {
  kind: "application" | "talent pool" | "lead" | "comment e-mail";
  id: number;
  expires: string;
}

export async function privacyOverview(deps: Pick<Deps, "db" | "now" | "env">) {
  const now = deps.now();
  const r = deps.env.retention;
  const runs = await deps.db.query<{ at: Date | string; changes: Record<string, { to: number }> | string }>(
    "SELECT at, changes FROM audit_log WHERE action = $1 ORDER BY at DESC, id DESC LIMIT $2",
    [HOUSEKEEPING_ACTION, RUNS_SHOWN],
  );
  const horizon = (days: number) => new Date(now.getTime() + (EXPIRING_DAYS - days) * DAY).toISOString();
  const rows = await deps.db.query<{ kind: Expiring["kind"]; id: number; expires: Date | string }>(
    `(SELECT CASE WHEN a.talent_pool THEN 'talent pool' ELSE 'application' END AS kind, a.id,
             ${APPLICATION_START} + make_interval(days => CASE WHEN a.talent_pool THEN $2::int ELSE $1::int END) AS expires
        FROM applications a
       WHERE a.anonymised_at IS NULL
         AND ${APPLICATION_START} < CASE WHEN a.talent_pool THEN $6::timestamptz ELSE $5::timestamptz END)
     UNION ALL
     (SELECT 'lead', i.id, ${LEAD_START} + make_interval(days => $3::int)
        FROM inquiries i WHERE i.anonymised_at IS NULL AND ${LEAD_START} < $7::timestamptz)
     UNION ALL
     (SELECT 'comment e-mail', c.id, c.date + make_interval(days => $4::int)
        FROM comments c WHERE c.email IS NOT NULL AND c.date < $8::timestamptz)
     ORDER BY expires, id LIMIT $9`,
    [
      r.applications,
      r.talentPool,
      r.leads,
      r.commentEmails,
      horizon(r.applications),
      horizon(r.talentPool),
      horizon(r.leads),
      horizon(r.commentEmails),
      EXPIRING_SHOWN,
    ],
  );
  return {
    retention: RETENTION_KINDS.map((k) => ({ key: k.key, data: k.data, days: r[k.key], then: k.then })),
    runs: runs.map((run): HousekeepingRun => ({
      at: new Date(run.at).toISOString(),
      counts: Object.fromEntries(
        Object.entries(typeof run.changes === "string" ? JSON.parse(run.changes) : run.changes).map(
          ([k, v]) => [k, Number((v as { to: number }).to)],
        ),
      ),
    })),
    expiring: rows.map((e): Expiring => ({
      kind: e.kind,
      id: e.id,
      expires: new Date(e.expires).toISOString(),
    })),
  };
}
