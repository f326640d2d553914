/**
 * The subprocessors that touch clients' systems or data (db subprocessors), kept by editors. Each
 * change is dated in subprocessor_changes, which the feed at /trust/subprocessors.xml lists, and
 * purges the trust center's cached pages. Audited.
 */
import type { Subprocessor } from "../../shared/trust/api";
import type { SubprocessorInput } from "../../shared/trust/trust";
import { recordAudited, type Actor } from "../common/audit";
import type { Deps } from "../common/deps";
import { NotFound } from "../common/errors";
import type { Db } from "../platform/db/db";
import { TRUST_TAGS } from "./cache-tags";

interface Row {
  id: number;
  name: string;
  purpose: string;
  location: string;
  transfer: string;
  updated_at: Date | string;
  [k: string]: unknown;
}

const toSubprocessor = (r: Row): Subprocessor => ({
  id: r.id,
  name: r.name,
  purpose: r.purpose,
  location: r.location,
  transfer: r.transfer,
  updatedAt: new Date(r.updated_at).toISOString(),
});

const FIELDS = ["name", "purpose", "location", "transfer"] as const;
const GONE = "This subprocessor is no longer listed.";

export async function listSubprocessors({ db }: Pick<Deps, "db">): Promise<Subprocessor[]> {
  const rows = await db.query<Row>(
    "SELECT id, name, purpose, location, transfer, updated_at FROM subprocessors ORDER BY lower(name), id",
  );
  return rows.map(toSubprocessor);
}

export interface SubprocessorChange {
  id: number;
  action: "added" | "changed" | "removed";
  name: string;
  summary: string;
  at: string;
}

/** The latest changes, newest first (the feed). */
export async function subprocessorChanges(
  { db }: Pick<Deps, "db">,
  limit = 50,
): Promise<SubprocessorChange[]> {
  const rows = await db.query<{
    id: number;
    action: string;
    name: string;
    summary: string;
    created_at: Date | string;
  }>(
    "SELECT id, action, name, summary, created_at FROM subprocessor_changes ORDER BY created_at DESC, id DESC LIMIT $1",
    [limit],
  );
  return rows.map((r) => ({
    id: r.id,
    action: r.action === "added" ? "added" : r.action === "removed" ? "removed" : "changed",
    name: r.name,
    summary: r.summary,
    at: new Date(r.created_at).toISOString(),
  }));
}

const describe = (s: SubprocessorInput) =>
  `${s.name}: ${s.purpose}. Location: ${s.location}. Transfer mechanism: ${s.transfer}.`.slice(0, 600);

async function logChange(
  tx: Db,
  id: number,
  action: SubprocessorChange["action"],
  s: SubprocessorInput,
  at: Date,
) {
  await tx.query(
    `INSERT INTO subprocessor_changes (subprocessor_id, action, name, summary, created_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [id, action, s.name, describe(s), at.toISOString()],
  );
}

type EditDeps = Pick<Deps, "db" | "now" | "raise">;

export async function addSubprocessor(deps: EditDeps, actor: Actor, input: SubprocessorInput) {
  const now = deps.now();
  const out = await recordAudited(
    deps,
    actor,
    {
      action: "subprocessor.create",
      entity: "subprocessor",
      idOf: (r: Row) => r.id,
      table: "subprocessors",
      fields: FIELDS,
    },
    async ({ db }) => {
      const [row] = await db.query<Row>(
        `INSERT INTO subprocessors (name, purpose, location, transfer, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $5) RETURNING *`,
        [input.name, input.purpose, input.location, input.transfer, now.toISOString()],
      );
      await logChange(db, row!.id, "added", input, now);
      return row!;
    },
  );
  deps.raise({ purge: TRUST_TAGS });
  return toSubprocessor(out);
}

export async function updateSubprocessor(deps: EditDeps, actor: Actor, id: number, input: SubprocessorInput) {
  const now = deps.now();
  const out = await recordAudited(
    deps,
    actor,
    { action: "subprocessor.update", entity: "subprocessor", id, table: "subprocessors", fields: FIELDS },
    async ({ db }) => {
      const [row] = await db.query<Row>(
        `UPDATE subprocessors SET name = $2, purpose = $3, location = $4, transfer = $5, updated_at = $6
          WHERE id = $1 RETURNING *`,
        [id, input.name, input.purpose, input.location, input.transfer, now.toISOString()],
      );
      if (!row) throw new NotFound(GONE);
      await logChange(db, id, "changed", input, now);
      return row;
    },
  );
  deps.raise({ purge: TRUST_TAGS });
  return toSubprocessor(out);
}

export async function deleteSubprocessor(deps: EditDeps, actor: Actor, id: number): Promise<void> {
  const now = deps.now();
  await recordAudited(
    deps,
    actor,
    { action: "subprocessor.delete", entity: "subprocessor", id, table: "subprocessors", fields: FIELDS },
    async ({ db }) => {
      const [row] = await db.query<Row>("DELETE FROM subprocessors WHERE id = $1 RETURNING *", [id]);
      if (!row) throw new NotFound(GONE);
      await logChange(db, id, "removed", row, now);
    },
  );
  deps.raise({ purge: TRUST_TAGS });
}
