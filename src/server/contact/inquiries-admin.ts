/**
 * The staff leads inbox's files and cells: signed links to attachments, and CSV cells that cannot
 * run as spreadsheet formulas. The list, stages, owners, notes and export: ./pipeline.ts.
 */
import type { Deps } from "../common/deps";
import { NotFound } from "../common/errors";

export const FILE_LINK_SECONDS = 120;

export async function inquiryFileLink(
  { db, storage }: Pick<Deps, "db" | "storage">,
  id: number,
): Promise<string> {
  const [row] = await db.query<{ file_key: string | null; file_name: string | null }>(
    "SELECT file_key, file_name FROM inquiries WHERE id = $1",
    [id],
  );
  if (!row) throw new NotFound("This inquiry no longer exists.");
  if (!row.file_key) throw new NotFound("This inquiry has no attachment.");
  const ext = row.file_key.split(".").pop() ?? "bin";
  return storage.signedUrl(row.file_key, {
    expiresIn: FILE_LINK_SECONDS,
    downloadName: `inquiry-${id}-attachment.${ext}`,
  });
}
