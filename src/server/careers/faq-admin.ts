/** Staff-side FAQ: every question (or only the unanswered ones), answering and deleting. */
import type { FaqFilter } from "../../shared/careers/admin-schemas";
import { recordAudited, type Actor } from "../common/audit";
import { AUDIT_FIELDS } from "../common/audit-fields";
import type { Deps } from "../common/deps";
import { NotFound } from "../common/errors";
import { CAREERS_TAGS } from "./jobs";

export const FAQS_PER_PAGE = 25;

export interface StaffFaq {
  id: number;
  question: string;
  answer: string | null;
}

/** Newest questions first; `unanswered` keeps those still waiting for an answer. */
export async function listFaqsForStaff({ db }: Pick<Deps, "db">, filter: FaqFilter, page: number) {
  const where = filter === "unanswered" ? "WHERE answer IS NULL" : "";
  const rows = await db.query<{ id: number; question: string; answer: string | null }>(
    `SELECT id, question, answer FROM faqs ${where} ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`,
    [FAQS_PER_PAGE + 1, (page - 1) * FAQS_PER_PAGE],
  );
  const [{ n }] = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM faqs ${where}`)) as [
    { n: number },
  ];
  const comments: StaffFaq[] = rows
    .slice(0, FAQS_PER_PAGE)
    .map((r) => ({ id: r.id, question: r.question, answer: r.answer }));
  return { comments, filter, page, pageSize: FAQS_PER_PAGE, total: n, hasMore: rows.length > FAQS_PER_PAGE };
}

/** What the audit trail keeps of a question's changes. */
const AUDITED = { entity: "faq", table: "faqs", fields: AUDIT_FIELDS.faqs } as const;

/**
 * Sets the answer (null takes the question back to unanswered, hidden from the public). Answering
 * and deleting are audited with the change and raise the purge of the careers page's cached answers.
 */
export async function updateFaqAnswer(
  deps: Pick<Deps, "db" | "now" | "raise">,
  actor: Actor,
  id: number,
  answer: string | null,
): Promise<StaffFaq> {
  return recordAudited(deps, actor, { ...AUDITED, action: "faq.answer", id }, async (deps) => {
    const [row] = await deps.db.transaction((tx) =>
      tx.query<{ id: number; question: string; answer: string | null }>(
        `UPDATE faqs SET answer = $2::text,
                answered_at = CASE WHEN $2::text IS NULL THEN NULL ELSE COALESCE(answered_at, $3) END
          WHERE id = $1 RETURNING id, question, answer`,
        [id, answer, deps.now().toISOString()],
      ),
    );
    if (!row) throw new NotFound("This question no longer exists.");
    deps.raise({ purge: CAREERS_TAGS });
    return { id: row.id, question: row.question, answer: row.answer };
  });
}

export async function deleteFaq(
  deps: Pick<Deps, "db" | "now" | "raise">,
  actor: Actor,
  id: number,
): Promise<void> {
  await recordAudited(deps, actor, { ...AUDITED, action: "faq.delete", id }, async (deps) => {
    const rows = await deps.db.transaction((tx) =>
      tx.query("DELETE FROM faqs WHERE id = $1 RETURNING id", [id]),
    );
    if (rows.length === 0) throw new NotFound("This question no longer exists.");
    deps.raise({ purge: CAREERS_TAGS });
  });
}
