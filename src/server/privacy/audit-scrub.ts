/**
 * The audit trail's entries about a person's records once the person goes: each entry stays and
 * says what happened and by whom, but what may hold the person's words becomes "(removed)", and
 * the person is named by a keyed hash of their address.
 */
import { createHmac } from "node:crypto";
import type { Db } from "../platform/db/db";

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
export async function scrubAudit(
  tx: Db,
  entity: string,
  rows: { id: number | string; ref: string | null }[],
) {
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

export const refOf = (secret: string, email: string | null) => (email ? personRef(secret, email) : null);
