/**
 * The staff members who can own leads (admin and root_admin): looked up by the assignment rules'
 * store, the routing of a lead on arrival and booking's choice of who takes a call.
 */
import { isRole } from "../../shared/staff/staff";
import { ownsLeads } from "../../shared/staff/permissions";
import type { Db } from "../platform/db/db";

/** Staff who can own leads (admin and root_admin), by id. */
export async function owners(
  db: Db,
  ids: readonly number[],
  { lock = false }: { lock?: boolean } = {},
): Promise<Map<number, string>> {
  // KEY SHARE (lock): an account found here cannot be deleted until the transaction ends, so the
  // lead's owner_id never points at an account deleted in between (a deletion waits, then clears it).
  const rows = await db.query<{ id: number; email: string; role: string }>(
    `SELECT id, email, role FROM users WHERE id = ANY($1::int[])${lock ? " FOR KEY SHARE" : ""}`,
    [ids],
  );
  return new Map(rows.filter((u) => isRole(u.role) && ownsLeads(u.role)).map((u) => [u.id, u.email]));
}

/** The member's address when they can still own leads. */
export async function leadOwner(
  db: Db,
  id: number | null,
): Promise<{ id: number; email: string } | undefined> {
  if (id === null) return undefined;
  const email = (await owners(db, [id])).get(id);
  return email ? { id, email } : undefined;
}
