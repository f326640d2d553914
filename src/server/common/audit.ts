/**
 * The staff audit trail: who did what to which record, when, from which address, with a short
 * before/after of the changed fields. An entry is written with the same transaction handle as the
 * change it records, so a change that fails leaves no entry and an entry never describes a change
 * that did not happen. Secrets never reach it: fields named like a password, code, token, secret
 * or hash are recorded only as "changed".
 */
import type { Db } from "../platform/db/db";

/** Who acted: a staff member, or (sign-in attempts) the account an attempt named, if any. */
export interface Actor {
  userId: number | null;
  email: string | null;
  /** The client address the request came from. */
  address: string | null;
}

export interface AuditEntry {
  /** What happened, as "<record kind>.<verb>", e.g. "lead.stage", "post.delete", "auth.login". */
  action: string;
  /** The kind of record and its id, when the action concerns one. */
  entity?: string | null;
  entityId?: string | number | null;
  /** field -> [before, after]; undefined on one side means the field did not exist then. */
  changes?: Record<string, readonly [unknown, unknown]>;
}

const SECRET_FIELD = /pass|otp|code|token|secret|hash|key/i;
const MAX_VALUE = 200;

/** A value as the trail keeps it: short text, numbers, booleans or null. */
function short(v: unknown): string | number | boolean | null {
  if (v === undefined || v === null) return null;
  if (typeof v === "number" || typeof v === "boolean") return v;
  const text = v instanceof Date ? v.toISOString() : typeof v === "string" ? v : JSON.stringify(v);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

/** The changed fields only, shortened, with secrets replaced by a marker. */
export function diffOf(changes: AuditEntry["changes"] = {}): Record<string, { from: unknown; to: unknown }> {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const [field, [before, after]] of Object.entries(changes)) {
    if (SECRET_FIELD.test(field)) {
      if (before !== after) out[field] = { from: "(hidden)", to: "(changed)" };
      continue;
    }
    const from = short(before);
    const to = short(after);
    if (from !== to) out[field] = { from, to };
  }
  return out;
}

export async function audit(tx: Db, actor: Actor, entry: AuditEntry, at?: Date): Promise<void> {
  await tx.query(
    `INSERT INTO audit_log (at, actor_id, actor_email, action, entity, entity_id, address, changes)
     VALUES (coalesce($1::timestamptz, now()), $2, $3, $4, $5, $6, $7, $8::jsonb)`,
    [
      at?.toISOString() ?? null,
      actor.userId,
      actor.email,
      entry.action,
      entry.entity ?? null,
      entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
      actor.address ? actor.address.slice(0, 64) : null,
      JSON.stringify(diffOf(entry.changes)),
    ],
  );
}

/** The actor of a staff request. */
export function staffActor(app: { clientIp: string }, staff: { userId: number; email: string }): Actor {
  return { userId: staff.userId, email: staff.email, address: app.clientIp || null };
}
