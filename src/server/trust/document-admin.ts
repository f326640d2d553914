/**
 * The trust center's documents as admins keep them on the dashboard's Site content screen: an
 * upload is a draft whose PDF the browser PUTs straight to storage through a signed link;
 * publishing checks the stored file (size, and a PDF by its bytes) and, on a production site,
 * refuses an example. Each change is audited and purges /trust's cache. Visitors' side:
 * ./documents.ts.
 */
import type { TrustDocumentView } from "../../shared/trust/api";
import {
  DOCUMENT_TYPE,
  documentIdOf,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENT_LABEL,
  type DocumentUploadInput,
} from "../../shared/trust/trust";
import { recordAudited, type Actor } from "../common/audit";
import type { Deps } from "../common/deps";
import { Conflict, Invalid, NotFound, TooLarge, UnsupportedMedia } from "../common/errors";
import { KIND_BYTES, kindOfBytes } from "../common/files";
import { newKey, type SignedUpload } from "../platform/storage/storage";
import { checkExampleRule } from "../common/example-rule";
import { TRUST_TAGS } from "./cache-tags";
import type { DocumentRow } from "./documents";

interface StaffRow extends DocumentRow {
  published: boolean;
  file_size: number | null;
}

const STAFF_FIELDS = "id, title, access, example, file_key, file_size, published, updated_at";

const toView = (r: StaffRow): TrustDocumentView => ({
  id: r.id,
  title: r.title,
  access: r.access === "public" ? "public" : "restricted",
  published: r.published,
  example: r.example,
  size: r.published ? r.file_size : null,
  updatedAt: new Date(r.updated_at).toISOString(),
});

/** The fields an entry of the audit trail compares (never the storage key). */
const AUDITED = ["title", "access", "published", "file_size", "example"] as const;
/** What every audited change of a trust document names: its entity, table and audited fields. */
const ON_DOCUMENTS = { entity: "trust_document", table: "trust_documents", fields: AUDITED } as const;

/** Seconds an upload link stays valid: long enough for a large file on a slow line. */
export const UPLOAD_LINK_SECONDS = 900;

const NOT_FOUND = "This document no longer exists.";

/** Every document, drafts and examples included, in the order /trust lists them. */
export async function listAllDocuments({ db }: Pick<Deps, "db">): Promise<TrustDocumentView[]> {
  const rows = await db.query<StaffRow>(
    `SELECT ${STAFF_FIELDS} FROM trust_documents ORDER BY position, title`,
  );
  return rows.map(toView);
}

type EditDeps = Pick<Deps, "db" | "now" | "raise" | "storage" | "env" | "after">;

/**
 * Starts an upload: a new draft document, or a new file for an existing one (`id`), which goes
 * back to draft (off /trust until the new file is checked and published) and is no longer an
 * example. Answers the signed link the browser PUTs the PDF to; the old file is removed.
 */
export async function startUpload(
  deps: EditDeps,
  actor: Actor,
  input: DocumentUploadInput,
): Promise<{ document: TrustDocumentView; upload: SignedUpload & { expiresAt: string } }> {
  const key = newKey("private", "pdf");
  const now = deps.now();
  let oldKey: string | null = null;
  let wasPublished = false;
  const existing = input.id
    ? (
        await deps.db.query<StaffRow>(`SELECT ${STAFF_FIELDS} FROM trust_documents WHERE id = $1`, [input.id])
      )[0]
    : undefined;
  const row = existing
    ? await recordAudited(
        deps,
        actor,
        {
          ...ON_DOCUMENTS,
          action: "trust_document.upload",
          id: existing.id,
        },
        async ({ db }) => {
          const [before] = await db.query<StaffRow>(
            `SELECT ${STAFF_FIELDS} FROM trust_documents WHERE id = $1 FOR UPDATE`,
            [existing.id],
          );
          if (!before) throw new NotFound(NOT_FOUND);
          oldKey = before.file_key;
          wasPublished = before.published;
          const [r] = await db.query<StaffRow>(
            `UPDATE trust_documents SET title = $2, access = $3, file_key = $4, file_size = NULL,
                    published = false, example = false, updated_at = $5
              WHERE id = $1 RETURNING ${STAFF_FIELDS}`,
            [existing.id, input.title, input.access, key, now.toISOString()],
          );
          return r!;
        },
      )
    : await recordAudited(
        deps,
        actor,
        {
          ...ON_DOCUMENTS,
          action: "trust_document.upload",
          idOf: (r: StaffRow) => r.id,
        },
        async ({ db }) => {
          const taken = new Set(
            (await db.query<{ id: string }>("SELECT id FROM trust_documents")).map((r) => r.id),
          );
          const base = input.id ?? documentIdOf(input.title);
          let id = base;
          for (let n = 2; taken.has(id); n++) id = `${base.slice(0, 36)}-${n}`;
          const [r] = await db.query<StaffRow>(
            `INSERT INTO trust_documents (id, title, access, file_key, file_size, example, published, position, updated_at)
             VALUES ($1, $2, $3, $4, NULL, false, false,
                     (SELECT coalesce(max(position), 0) + 1 FROM trust_documents), $5)
             ON CONFLICT (id) DO NOTHING
             RETURNING ${STAFF_FIELDS}`,
            [id, input.title, input.access, key, now.toISOString()],
          );
          if (!r) throw new Conflict("Another document was just added under this title: try again.");
          return r;
        },
      );
  if (oldKey) {
    const gone = oldKey;
    deps.after(() => deps.storage.delete(gone));
  }
  if (wasPublished) deps.raise({ purge: TRUST_TAGS });
  const upload = await deps.storage.signedUploadUrl(key, {
    contentType: DOCUMENT_TYPE,
    maxBytes: MAX_DOCUMENT_BYTES,
    expiresIn: UPLOAD_LINK_SECONDS,
  });
  const expiresAt = new Date(now.getTime() + UPLOAD_LINK_SECONDS * 1000).toISOString();
  return { document: toView(row), upload: { ...upload, expiresAt } };
}

export const DOCUMENT_REFUSALS = {
  noFile: "This document has no file yet: upload its PDF first.",
  notArrived:
    "The PDF has not reached storage: the upload did not finish. Choose the file and upload it again.",
  notPdf: "The uploaded file is not a PDF: its contents are not. Upload the document as a PDF.",
  tooLarge: `The uploaded file is too large: the limit is ${MAX_DOCUMENT_LABEL}. Upload a smaller PDF.`,
} as const;

/** Forgets a refused file: removed from storage, and from its draft, which needs a new upload. */
async function dropFile(deps: Pick<Deps, "db" | "storage">, id: string, key: string) {
  await deps.storage.delete(key);
  await deps.db.query(
    "UPDATE trust_documents SET file_key = NULL, file_size = NULL WHERE id = $1 AND file_key = $2",
    [id, key],
  );
}

/**
 * Publishes a document once its uploaded file is checked in storage: within the size limit (S3
 * cannot cap a presigned PUT, so the stored size is read) and a PDF by its first bytes; a refused
 * file is removed. A production site refuses an example. Purges /trust's cache; audited.
 */
export async function publishDocument(deps: EditDeps, actor: Actor, id: string): Promise<TrustDocumentView> {
  const [row] = await deps.db.query<StaffRow>(`SELECT ${STAFF_FIELDS} FROM trust_documents WHERE id = $1`, [
    id,
  ]);
  if (!row) throw new NotFound(NOT_FOUND);
  checkExampleRule(deps, { status: "published", example: row.example });
  const key = row.file_key;
  if (!key) throw new Invalid(DOCUMENT_REFUSALS.noFile);
  const info = await deps.storage.head(key);
  if (!info) throw new Invalid(DOCUMENT_REFUSALS.notArrived);
  if (info.size > MAX_DOCUMENT_BYTES) {
    await dropFile(deps, id, key);
    throw new TooLarge(DOCUMENT_REFUSALS.tooLarge);
  }
  const start = await deps.storage.readStart(key, KIND_BYTES);
  if (!start || (await kindOfBytes(start)) !== "pdf") {
    await dropFile(deps, id, key);
    throw new UnsupportedMedia(DOCUMENT_REFUSALS.notPdf);
  }
  const out = await recordAudited(
    deps,
    actor,
    {
      ...ON_DOCUMENTS,
      action: "trust_document.publish",
      id,
    },
    async ({ db }) => {
      const [r] = await db.query<StaffRow>(
        `UPDATE trust_documents SET published = true, file_size = $3, updated_at = $4
          WHERE id = $1 AND file_key = $2 RETURNING ${STAFF_FIELDS}`,
        [id, key, info.size, deps.now().toISOString()],
      );
      if (!r) throw new Conflict("This document's file was just replaced: publish it again.");
      return r;
    },
  );
  deps.raise({ purge: TRUST_TAGS });
  return toView(out);
}

/** Takes a document off /trust; it stays as a draft with its file. Audited. */
export async function unpublishDocument(
  deps: EditDeps,
  actor: Actor,
  id: string,
): Promise<TrustDocumentView> {
  const out = await recordAudited(
    deps,
    actor,
    {
      ...ON_DOCUMENTS,
      action: "trust_document.unpublish",
      id,
    },
    async ({ db }) => {
      const [r] = await db.query<StaffRow>(
        `UPDATE trust_documents SET published = false, updated_at = $2 WHERE id = $1 RETURNING ${STAFF_FIELDS}`,
        [id, deps.now().toISOString()],
      );
      if (!r) throw new NotFound(NOT_FOUND);
      return r;
    },
  );
  deps.raise({ purge: TRUST_TAGS });
  return toView(out);
}

/** Removes a document and then its stored file. Audited. */
export async function deleteDocument(deps: EditDeps, actor: Actor, id: string): Promise<void> {
  const row = await recordAudited(
    deps,
    actor,
    {
      ...ON_DOCUMENTS,
      action: "trust_document.delete",
      id,
    },
    async ({ db }) => {
      const [r] = await db.query<StaffRow>(
        `DELETE FROM trust_documents WHERE id = $1 RETURNING ${STAFF_FIELDS}`,
        [id],
      );
      if (!r) throw new NotFound(NOT_FOUND);
      return r;
    },
  );
  if (row.file_key) await deps.storage.delete(row.file_key);
  deps.raise({ purge: TRUST_TAGS });
}
