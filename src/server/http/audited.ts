/**
 * A staff change and its audit entry, from a function file: the actor is the signed-in staff
 * member at this request's address. The recording itself is src/server/common/audit.ts.
 *
 *   const job = await audited(app, staff, { action: "job.update", entity: "job", id, table: "jobs",
 *     fields: AUDIT_FIELDS.jobs }, ({ deps }) => updateJob(deps, id, input));
 */
import type { App } from "./endpoint";
import type { Deps } from "../common/deps";
import { recordAudited, staffActor, type AuditSpec } from "../common/audit";

export function audited<T>(
  app: App,
  staff: { userId: number; email: string },
  spec: AuditSpec<T>,
  change: (scope: { deps: Deps }) => Promise<T>,
): Promise<T> {
  return recordAudited(app.deps, staffActor(app, staff), spec, (deps) => change({ deps }));
}
