/**
 * The staff audit trail's one recorder: who did what to which record, when, from which address,
 * with a short before/after of the changed fields. Every entry is written here, in one style,
 * `(deps, actor, what)`, by the use case that makes the change (it takes the actor):
 *
 *   await recordAudit(deps, actor, { action: "lead.note", entity: "lead", entityId: id, changes });
 *   return recordAudited(deps, actor, { action: "job.update", entity: "job", id,
 *     table: "jobs", fields: AUDIT_FIELDS.jobs }, async (deps) => { ...the change... });
 *
 * `recordAudit` writes one entry with `deps.db`: inside a use case's transaction, pass the deps of
 * that transaction, so a change that fails leaves no entry and an entry never describes a change
 * that did not happen. `recordAudited` runs a change and its entry in one transaction, reading the
 * record's fields (AUDIT_FIELDS, ./audit-fields.ts) before and after. Function files get the
 * signed-in staff member as the actor from endpoint() (`actor`, src/server/http/endpoint.ts) and
 * only pass it to the use case; sign-in events go through `recordAuth()`
 * (src/server/staff/auth-events.ts). Secrets never reach the trail:
 * fields named like a password, code, token, secret or hash are recorded only as "changed".
 */
import type { AuditAction } from "../../shared/audit/actions";
import type { Deps } from "./deps";
import type { Db } from "../platform/db/db";

/** Who acted: a staff member, or (sign-in attempts) the account an attempt named, if any. */
export interface Actor {
  userId: number | null;
  email: string | null;
  /** The client address the request came from. */
  address: string | null;
}

export interface AuditEntry {
  /**
   * What happened, as "<record kind>.<verb>", e.g. "lead.stage", "post.delete", "auth.login": one
   * of the labelled actions of src/shared/audit/actions.ts.
   */
  action: AuditAction;
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

/** Writes one entry with `deps.db` (a transaction's handle, to commit it with the change). */
export async function recordAudit(
  deps: Pick<Deps, "db" | "now">,
  actor: Actor,
  entry: AuditEntry,
): Promise<void> {
  await deps.db.query(
    `INSERT INTO audit_log (at, actor_id, actor_email, action, entity, entity_id, address, changes)
     VALUES ($1::timestamptz, $2, $3, $4, $5, $6, $7, $8::jsonb)`,
    [
      deps.now().toISOString(),
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

/** A change recordAudited records: the entry's action and record, and the fields it compares. */
export interface AuditSpec<T> {
  action: AuditAction;
  entity: string;
  /** The record's id when known before the change (updates, deletes). */
  id?: number | string;
  /** Its id from the change's result (creations). */
  idOf?: (out: T) => number | string | null | undefined;
  /** The table and the fields whose before/after the entry keeps (by id). */
  table?: string;
  fields?: readonly string[];
  /** Changes that cannot be read from the table (e.g. "password changed"). */
  extra?: (out: T) => Record<string, readonly [unknown, unknown]>;
  /**
   * The record as people read it, from its stored fields, before and after alike (a post stored
   * as published with a future date reads "scheduled"). `now`: the time it is read at.
   */
  view?: (row: Record<string, unknown>, now: Date) => Record<string, unknown>;
}

const IDENT = /^[a-z_][a-z0-9_]*$/;

/**
 * The record's fields. Not locked here: the change takes its own locks in its own order (a lock
 * taken first here could deadlock with it), so the "before" is the state just before it.
 */
async function snapshot(tx: Db, table: string, fields: readonly string[], id: number | string) {
  if (!IDENT.test(table) || !fields.every((f) => IDENT.test(f))) throw new Error("bad audit table or field");
  const [row] = await tx.query(`SELECT ${fields.join(", ")} FROM ${table} WHERE id = $1`, [id]);
  return row;
}

/**
 * Runs a change and its entry in one transaction. The change gets deps whose `db` is bound to
 * the transaction (its own transactions join it as savepoints), so the change and its entry are
 * committed together, or neither is; the entry keeps the fields that changed.
 */
export async function recordAudited<D extends Pick<Deps, "db" | "now">, T>(
  deps: D,
  actor: Actor,
  spec: AuditSpec<T>,
  change: (deps: D) => Promise<T>,
): Promise<T> {
  const db = deps.db;
  let inside: Db | undefined;
  // Work the change leaves for after the answer (mail) runs after the commit, on the pool again:
  // the handle the change gets is the transaction only while it is open.
  const current = () => inside ?? db;
  const scopedDb: Db = {
    query: (sql, params) => current().query(sql, params),
    transaction: (fn) => current().transaction(fn),
    exec: (sql) => current().exec(sql),
    close: async () => {},
  };
  try {
    return await db.transaction(async (tx) => {
      inside = tx;
      const read = async (id: number | string | null | undefined) => {
        if (!spec.table || !spec.fields || id === undefined || id === null) return undefined;
        const row = await snapshot(tx, spec.table, spec.fields, id);
        // Read at that moment: after the change, a post published "now" is published.
        return row && spec.view ? spec.view(row, deps.now()) : row;
      };
      const before = await read(spec.id);
      const out = await change({ ...deps, db: scopedDb });
      const id = spec.id ?? spec.idOf?.(out) ?? null;
      const after = await read(id);
      const changes: Record<string, readonly [unknown, unknown]> = {};
      for (const f of spec.fields ?? []) changes[f] = [before?.[f], after?.[f]];
      Object.assign(changes, spec.extra?.(out));
      await recordAudit({ db: tx, now: deps.now }, actor, {
        action: spec.action,
        entity: spec.entity,
        entityId: id,
        changes,
      });
      return out;
    });
  } finally {
    inside = undefined;
  }
}
