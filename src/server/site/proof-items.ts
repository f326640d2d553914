/**
 * Proof items as staff keep them (the "Site content" screen) and as the public pages read them:
 * testimonials, client logos (a drawn mark, or an uploaded logo re-encoded like post images) and
 * cloud-partner badges. Every change is audited and purges the pages that show proof.
 */
import type { ProofItem, PublishedProof } from "../../shared/site/api";
import {
  PROOF_FIELDS,
  PROOF_KINDS,
  type ContentStatus,
  type LogoMark,
  type ProofItemInput,
  type ProofItemUpdate,
  type ProofKind,
} from "../../shared/site/site-content";
import * as z from "zod";
import { recordAudited, type Actor } from "../common/audit";
import { AUDIT_FIELDS } from "../common/audit-fields";
import type { Deps } from "../common/deps";
import { Invalid, NotFound, UnsupportedMedia } from "../common/errors";
import { checkUpload } from "../common/files";
import { reencodePicture, removePictures, storePicture } from "../common/pictures";
import type { Db } from "../platform/db/db";
import { mediaUrl } from "../platform/storage/storage";
import { SITE_PROOF_TAGS } from "./cache-tags";
import { given } from "./case-studies";
import { checkExampleRule } from "../common/example-rule";

interface ProofRow {
  id: number;
  kind: ProofKind;
  quote: string | null;
  author: string | null;
  company: string | null;
  name: string | null;
  mark: LogoMark | null;
  logo: string | null;
  cloud: string | null;
  programme: string | null;
  status: ContentStatus;
  example: boolean;
  updated_at: Date | string;
  [k: string]: unknown;
}

const COLUMNS =
  "id, kind, quote, author, company, name, mark, logo, cloud, programme, status, example, updated_at";

function toProofItem(r: ProofRow): ProofItem {
  const base = {
    id: r.id,
    status: r.status,
    example: r.example,
    updatedAt: new Date(r.updated_at).toISOString(),
  };
  switch (r.kind) {
    case "testimonial":
      return {
        kind: "testimonial",
        ...base,
        quote: r.quote ?? "",
        author: r.author ?? "",
        company: r.company ?? "",
      };
    case "client":
      return {
        kind: "client",
        ...base,
        name: r.name ?? "",
        mark: r.mark ?? "circle",
        logo: mediaUrl(r.logo),
      };
    case "partner":
      return { kind: "partner", ...base, cloud: r.cloud ?? "", programme: r.programme ?? "" };
  }
}

/** Every proof item, drafts included, by kind and then in the order added (the dashboard). */
export async function listProofItems({ db }: Pick<Deps, "db">, kind?: ProofKind): Promise<ProofItem[]> {
  const rows = await db.query<ProofRow>(
    `SELECT ${COLUMNS} FROM proof_items WHERE ($1::text IS NULL OR kind = $1)
      ORDER BY array_position($2::text[], kind), id`,
    [kind ?? null, PROOF_KINDS],
  );
  return rows.map(toProofItem);
}

/** The published proof items by kind, in the order added (the public pages). */
export async function publishedProof({ db }: Pick<Deps, "db">): Promise<PublishedProof> {
  const rows = await db.query<ProofRow>(
    `SELECT ${COLUMNS} FROM proof_items WHERE status = 'published' ORDER BY id`,
  );
  const items = rows.map(toProofItem);
  return {
    testimonials: items.filter((i) => i.kind === "testimonial"),
    clients: items.filter((i) => i.kind === "client"),
    partners: items.filter((i) => i.kind === "partner"),
  };
}

async function findRow(db: Db, id: number): Promise<ProofRow> {
  const [row] = await db.query<ProofRow>(`SELECT ${COLUMNS} FROM proof_items WHERE id = $1`, [id]);
  if (!row) throw new NotFound("This item no longer exists.");
  return row;
}

const FIELDS = ["quote", "author", "company", "name", "mark", "cloud", "programme"] as const;

/** The columns of an item: its kind's fields, the others NULL. */
function columnsOf(kind: ProofKind, fields: Record<string, unknown>): unknown[] {
  const own = Object.keys(PROOF_FIELDS[kind]);
  return FIELDS.map((f) => (own.includes(f) ? (fields[f] ?? null) : null));
}

const AUDITED = { entity: "proof_item", table: "proof_items", fields: AUDIT_FIELDS.proofItems } as const;

export async function addProofItem(
  deps: Pick<Deps, "db" | "now" | "env" | "raise">,
  actor: Actor,
  input: ProofItemInput,
): Promise<ProofItem> {
  const item = { ...input, status: input.status ?? "draft", example: input.example ?? false };
  checkExampleRule(deps, item);
  const spec = { ...AUDITED, action: "proof_item.create" as const, idOf: (p: ProofItem) => p.id };
  return recordAudited(deps, actor, spec, async (deps) => {
    const [row] = await deps.db.query<ProofRow>(
      `INSERT INTO proof_items (kind, quote, author, company, name, mark, cloud, programme, status, example,
         created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) RETURNING ${COLUMNS}`,
      [item.kind, ...columnsOf(item.kind, item), item.status, item.example, deps.now().toISOString()],
    );
    if (row!.status === "published") deps.raise({ purge: SITE_PROOF_TAGS });
    return toProofItem(row!);
  });
}

const statusFlag = z.object({
  status: z.enum(["draft", "published"]),
  example: z.boolean(),
});

/** Changes the fields given; the kind stays, and a field of another kind is refused. */
export async function updateProofItem(
  deps: Pick<Deps, "db" | "now" | "env" | "raise">,
  actor: Actor,
  id: number,
  changes: ProofItemUpdate,
): Promise<ProofItem> {
  return recordAudited(deps, actor, { ...AUDITED, action: "proof_item.update", id }, async (deps) => {
    const oldRow = await findRow(deps.db, id);
    const old = toProofItem(oldRow);
    const { kind, ...rest } = given(changes);
    if (kind !== undefined && kind !== old.kind)
      throw new Invalid("An item's kind cannot change: add a new item of the other kind instead.");
    const own = Object.keys(PROOF_FIELDS[old.kind]);
    const foreign = FIELDS.find((f) => f in rest && !own.includes(f));
    if (foreign) throw new Invalid(`A ${old.kind} has no field "${foreign}".`);
    const checked = z.object(PROOF_FIELDS[old.kind]).safeParse({ ...old, ...rest });
    if (!checked.success) throw new Invalid(checked.error.issues[0]?.message ?? "Invalid item.");
    const state = statusFlag.parse({
      status: rest.status ?? old.status,
      example: rest.example ?? old.example,
    });
    checkExampleRule(deps, state);
    const [row] = await deps.db.query<ProofRow>(
      `UPDATE proof_items SET quote = $2, author = $3, company = $4, name = $5, mark = $6, cloud = $7,
         programme = $8, status = $9, example = $10, updated_at = $11
       WHERE id = $1 RETURNING ${COLUMNS}`,
      [
        id,
        ...columnsOf(old.kind, checked.data as Record<string, unknown>),
        state.status,
        state.example,
        deps.now().toISOString(),
      ],
    );
    if (!row) throw new NotFound("This item no longer exists.");
    if (old.status === "published" || row.status === "published") deps.raise({ purge: SITE_PROOF_TAGS });
    return toProofItem(row);
  });
}

/** Deletes an item, then a client's stored logo. */
export async function deleteProofItem(
  deps: Pick<Deps, "db" | "storage" | "now" | "raise">,
  actor: Actor,
  id: number,
): Promise<void> {
  await recordAudited(deps, actor, { ...AUDITED, action: "proof_item.delete", id }, async (deps) => {
    const [row] = await deps.db.query<{ status: ContentStatus; logo: string | null }>(
      "DELETE FROM proof_items WHERE id = $1 RETURNING status, logo",
      [id],
    );
    if (!row) throw new NotFound("This item no longer exists.");
    await removePictures(deps.storage, [row.logo]);
    if (row.status === "published") deps.raise({ purge: SITE_PROOF_TAGS });
  });
}

/** The kinds a logo may be (judged by its bytes). */
const LOGO_KINDS = ["png", "jpg", "webp"] as const;

/** Text that opens like XML or SVG: a drawing, which may carry scripts; never taken as a logo. */
function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder()
    .decode(bytes.subarray(0, 512))
    .replace(/^\uFEFF/, "")
    .trimStart();
  return /^<(\?xml|svg|!doctype svg|!--)/i.test(head) || /<svg[\s>]/i.test(head);
}

/** The uploaded logo, judged by its bytes: SVG and any other kind are refused (415). */
export async function checkLogo(value: unknown): Promise<Uint8Array> {
  if (value instanceof File && value.size > 0) {
    const bytes = new Uint8Array(await value.slice(0, 512).arrayBuffer());
    if (looksLikeSvg(bytes))
      throw new UnsupportedMedia("SVG logos are not accepted: please upload a PNG, JPEG or WebP picture.");
  }
  try {
    const file = await checkUpload(value, {
      kinds: LOGO_KINDS,
      field: "logo",
      label: "Logo",
      required: true,
    });
    return file!.bytes;
  } catch (err) {
    // A file of another kind is the wrong media type; a missing or empty one stays a 400.
    if (err instanceof Invalid && /must be one of/.test(err.message))
      throw new UnsupportedMedia(
        "The logo must be a PNG, JPEG or WebP picture. This file's contents are not.",
      );
    throw err;
  }
}

/** Stores a client's logo (WebP, like post images) and removes the one it replaces. */
export async function uploadLogo(
  deps: Pick<Deps, "db" | "storage" | "now" | "raise">,
  actor: Actor,
  id: number,
  bytes: Uint8Array,
): Promise<ProofItem> {
  const old = await findRow(deps.db, id);
  if (old.kind !== "client") throw new Invalid("Only a client has a logo.");
  const webp = await reencodePicture(bytes, "The logo");
  const key = await storePicture(deps.storage, webp);
  try {
    const item = await recordAudited(
      deps,
      actor,
      { ...AUDITED, action: "proof_item.logo", id },
      async (deps) => {
        const [row] = await deps.db.query<ProofRow>(
          `UPDATE proof_items SET logo = $2, updated_at = $3 WHERE id = $1 AND kind = 'client'
           RETURNING ${COLUMNS}`,
          [id, key, deps.now().toISOString()],
        );
        if (!row) throw new NotFound("This item no longer exists.");
        return row;
      },
    );
    await removePictures(deps.storage, [old.logo]);
    if (item.status === "published") deps.raise({ purge: SITE_PROOF_TAGS });
    return toProofItem(item);
  } catch (err) {
    await removePictures(deps.storage, [key]);
    throw err;
  }
}
