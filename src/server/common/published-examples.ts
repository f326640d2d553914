/**
 * "No demo content in production": the published items still marked example (the seed's demo
 * case studies, testimonials, clients and partners, and the trust center's documents), named for
 * the root admin's health report.
 */
import type { Db } from "../platform/db/db";

export async function publishedExamples(db: Db): Promise<string[]> {
  const rows = await db.query<{ what: string }>(
    `SELECT 'case study #' || id || ': ' || title AS what FROM case_studies
      WHERE status = 'published' AND example
     UNION ALL
     SELECT kind || ' #' || id || ': ' || coalesce(author, name, cloud, '') FROM proof_items
      WHERE status = 'published' AND example
     UNION ALL
     SELECT 'trust document ' || id FROM trust_documents WHERE published AND example
     ORDER BY 1`,
  );
  return rows.map((r) => r.what);
}
