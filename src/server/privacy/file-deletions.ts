/**
 * A person's files leave storage after the transaction that anonymised their rows: queued in
 * `file_deletions` in that transaction, then deleted (with a public image's narrower copies). A
 * delete that fails stays queued for the next housekeeping run.
 */
import type { Deps } from "../common/deps";
import type { Db } from "../platform/db/db";
import { withVariants } from "../platform/images/media-variants";

/** Queues the files for deletion from storage after the commit (deleteQueuedFiles). */
export async function queueFiles(tx: Db, keys: (string | null | undefined)[], now: Date) {
  const list = [...new Set(keys.filter((k): k is string => Boolean(k)))];
  if (list.length === 0) return;
  await tx.query(
    `INSERT INTO file_deletions (key, queued_at) SELECT k, $2 FROM unnest($1::text[]) AS k
     ON CONFLICT (key) DO NOTHING`,
    [list, now.toISOString()],
  );
}

/** Deletions in flight at once: S3 answers each in tens of milliseconds, and a run has ~30 s. */
const PARALLEL_DELETES = 8;

/**
 * Deletes the queued files from storage (with a public image's narrower copies), each row only
 * once its object is gone; returns how many went. A failure is logged and tried again later.
 */
export async function deleteQueuedFiles(
  deps: Pick<Deps, "db" | "storage" | "requestId" | "log">,
  limit = 500,
): Promise<number> {
  const rows = await deps.db.query<{ key: string }>(
    "SELECT key FROM file_deletions ORDER BY queued_at, key LIMIT $1",
    [limit],
  );
  let n = 0;
  const one = async (key: string) => {
    try {
      for (const k of withVariants(key)) await deps.storage.delete(k);
      const gone = await deps.db.query("DELETE FROM file_deletions WHERE key = $1 RETURNING key", [key]);
      n += gone.length; // a run beside this one may have taken it first
    } catch (err) {
      deps.log.warn("file deletion failed; kept for the next run", {
        error: String(err),
        requestId: deps.requestId,
      });
    }
  };
  for (let i = 0; i < rows.length; i += PARALLEL_DELETES)
    await Promise.all(rows.slice(i, i + PARALLEL_DELETES).map((r) => one(r.key)));
  return n;
}
