/**
 * Resumes for staff: a short-lived signed link to one, downloaded under a neutral name, and, for
 * an application whose resume is gone, why (erasure, withdrawal or the end of its lifetime).
 */
import type { RetentionDays } from "../../shared/privacy/retention";
import type { Deps } from "../common/deps";
import { Gone, NotFound } from "../common/errors";

export const RESUME_LINK_SECONDS = 120;

/**
 * Why an application's resume is no longer held, in words that finish "The resume was ...", or
 * null when it is held or none was sent. An expired one went after the lifetime of its kind (a
 * talent-pool application's when the candidate had consented to the pool).
 */
export function resumeGone(
  r: { has_resume: boolean; anonymised_reason: string | null; talent_pool_consent_at: unknown },
  retention: Pick<RetentionDays, "applications" | "talentPool">,
): string | null {
  if (r.has_resume) return null;
  switch (r.anonymised_reason) {
    case "erased":
      return "erased at the person's request";
    case "withdrawn":
      return "deleted when the candidate withdrew the application";
    case "expired":
      return `deleted after ${r.talent_pool_consent_at ? retention.talentPool : retention.applications} days`;
    default:
      return null;
  }
}

const EXT: Record<string, string> = {
  "application/pdf": "pdf",
  "application/msword": "doc",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
};

/**
 * A short-lived signed link to a resume, downloaded under a neutral name. A resume that erasure,
 * withdrawal or retention deleted is Gone (410), saying which.
 */
export async function resumeLink(
  { db, storage, env }: Pick<Deps, "db" | "storage" | "env">,
  id: number,
): Promise<string> {
  const [row] = await db.query<{
    resume_key: string | null;
    resume_type: string | null;
    anonymised_reason: string | null;
    talent_pool_consent_at: Date | string | null;
  }>(
    "SELECT resume_key, resume_type, anonymised_reason, talent_pool_consent_at FROM applications WHERE id = $1",
    [id],
  );
  if (!row) throw new NotFound("This application no longer exists.");
  if (!row.resume_key) {
    // An anonymised application's resume was deleted from storage.
    const gone = resumeGone({ ...row, has_resume: false }, env.retention);
    if (gone) throw new Gone(`This resume was ${gone}.`);
    throw new NotFound("This application has no resume.");
  }
  // The type was judged by the file's bytes when it was uploaded: a PDF opens in the browser,
  // a Word file downloads. (Local links check the bytes again as they serve the file.)
  return storage.signedUrl(row.resume_key, {
    expiresIn: RESUME_LINK_SECONDS,
    downloadName: `application-${id}-resume.${EXT[row.resume_type ?? ""] ?? "pdf"}`,
    inlinePdf: row.resume_type === "application/pdf",
  });
}
