/**
 * The trust center's documents (db trust_documents) as visitors meet them: listed for /trust and
 * GET /api/trust-documents, downloaded through GET /api/trust-document/<id> — a public one as it
 * is, a restricted one through a link an approval mailed (links.ts). The file itself is in private
 * storage and reaches the browser through a short-lived signed storage link (a redirect), so no
 * document passes through a function's body. Admins keep them in ./document-admin.ts.
 */
import type { DocumentAccess } from "../../shared/trust/trust";
import type { Deps } from "../common/deps";
import { Forbidden, NotFound } from "../common/errors";
import { validSignature } from "../common/document-links";

export interface TrustDocument {
  id: string;
  title: string;
  access: DocumentAccess;
  /** A demo document seeded by `npm start`: production refuses to publish one. */
  example: boolean;
  fileKey: string | null;
  updatedAt: string;
}

export interface DocumentRow {
  id: string;
  title: string;
  access: string;
  example: boolean;
  file_key: string | null;
  updated_at: Date | string;
  [k: string]: unknown;
}

const toDocument = (r: DocumentRow): TrustDocument => ({
  id: r.id,
  title: r.title,
  access: r.access === "public" ? "public" : "restricted",
  example: r.example,
  fileKey: r.file_key,
  updatedAt: new Date(r.updated_at).toISOString(),
});

/**
 * A deployed site publishes no example document (the demo ones `npm start` seeds): they are left
 * out of every list and refused as downloads and requests, and the health report names them.
 */
export const showsExamples = (env: Pick<Deps["env"], "deployed">) => !env.deployed;

/** The published documents with a file, in their order. */
export async function listDocuments(
  { db }: Pick<Deps, "db">,
  { examples }: { examples: boolean },
): Promise<TrustDocument[]> {
  const rows = await db.query<DocumentRow>(
    `SELECT id, title, access, example, file_key, updated_at FROM trust_documents
      WHERE published AND file_key IS NOT NULL AND (NOT example OR $1) ORDER BY position, title`,
    [examples],
  );
  return rows.map(toDocument);
}

/** Where a public document is downloaded (the function, which hands out a storage link). */
export const documentPath = (id: string) => `/api/trust-document/${id}`;

/** Why a link does not open a document, in the words its 403 page shows. */
export const LINK_REFUSALS = {
  missing:
    "This document is shared under NDA only: request it from the trust center, and open it from the link we e-mail you once the request is approved.",
  tampered:
    "This link is not valid: it was changed or cut short. Open the link exactly as it is in our e-mail, or request the document again.",
  expired:
    "This link has expired: links work for 7 days after approval. Request the document again from the trust center.",
} as const;

const GONE = "This document is no longer published.";

/**
 * The document a download opens, checked: a public one for anyone; a restricted one only with a
 * link signed for an approved request that asked for it, before its expiry (Forbidden says which
 * of the three went wrong). A restricted download is recorded on the request's lead.
 */
export async function openDocument(
  deps: Pick<Deps, "db" | "now" | "secret" | "env">,
  id: string,
  link: { exp?: string | undefined; sig?: string | undefined },
): Promise<{ document: TrustDocument; key: string }> {
  const [row] = await deps.db.query<DocumentRow>(
    `SELECT id, title, access, example, file_key, updated_at FROM trust_documents
      WHERE id = $1 AND published AND (NOT example OR $2)`,
    [id, showsExamples(deps.env)],
  );
  if (!row?.file_key) throw new NotFound(GONE);
  const document = toDocument(row);
  if (document.access === "public") return { document, key: row.file_key };
  if (!link.exp || !link.sig) throw new Forbidden(LINK_REFUSALS.missing);
  if (!/^\d{9,11}$/.test(link.exp)) throw new Forbidden(LINK_REFUSALS.tampered);
  const exp = Number(link.exp);
  const sig = link.sig;
  const candidates = await deps.db.query<{ id: number; inquiry_id: number }>(
    `SELECT id, inquiry_id FROM trust_requests
      WHERE status = 'approved' AND link_expires_at = to_timestamp($1) AND $2 = ANY(documents)`,
    [exp, id],
  );
  const request = candidates.find((r) =>
    validSignature(deps.secret, { request: r.id, document: id, exp }, sig),
  );
  if (!request) throw new Forbidden(LINK_REFUSALS.tampered);
  const now = deps.now();
  if (exp * 1000 < now.getTime()) throw new Forbidden(LINK_REFUSALS.expired);
  await deps.db.query(
    `INSERT INTO inquiry_events (inquiry_id, kind, from_value, to_value, author_id, author_email, created_at)
     VALUES ($1, 'documents', 'downloaded', $2, NULL, 'the requester', $3)`,
    [request.inquiry_id, document.title.slice(0, 254), now.toISOString()],
  );
  return { document, key: row.file_key };
}
