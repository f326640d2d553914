/**
 * Runs a staff change and its audit entry in one transaction. The change gets a database handle
 * (and an App whose db() is that handle) bound to the transaction: the services' own
 * transactions join it as savepoints, so the change and its entry are committed together, or
 * neither is. The record's fields are read before and after the change, and the entry
 * keeps the ones that changed.
 *
 *   const job = await audited(app, staff, { action: "job.update", entity: "job", id, table: "jobs",
 *     fields: JOB_FIELDS }, ({ db }) => updateJob(db, id, input, app.deps.now()));
 */
import type { App } from "../http/endpoint";
import type { Db } from "../platform/db/db";
import type { Deps } from "../common/deps";
import { audit, staffActor, type Actor } from "../common/audit";

export interface AuditSpec<T> {
  action: string;
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

export async function audited<T>(
  app: App,
  who: Actor | { userId: number; email: string },
  spec: AuditSpec<T>,
  change: (scope: { db: Db; app: App; deps: Deps }) => Promise<T>,
): Promise<T> {
  const actor = "address" in who ? who : staffActor(app, who);
  const db = app.deps.db;
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
  const scoped: App = Object.assign(Object.create(app) as App, { db: async () => current() });
  const deps: Deps = { ...app.deps, db: scopedDb };
  try {
    return await db.transaction(async (tx) => {
      inside = tx;
      const read = (id: number | string | null | undefined) =>
        spec.table && spec.fields && id !== undefined && id !== null
          ? snapshot(tx, spec.table, spec.fields, id)
          : Promise.resolve(undefined);
      const before = await read(spec.id);
      const out = await change({ db: tx, app: scoped, deps });
      const id = spec.id ?? spec.idOf?.(out) ?? null;
      const after = await read(id);
      const changes: Record<string, readonly [unknown, unknown]> = {};
      for (const f of spec.fields ?? []) changes[f] = [before?.[f], after?.[f]];
      Object.assign(changes, spec.extra?.(out));
      await audit(
        tx,
        actor,
        { action: spec.action, entity: spec.entity, entityId: id, changes },
        app.deps.now(),
      );
      return out;
    });
  } finally {
    inside = undefined;
  }
}
