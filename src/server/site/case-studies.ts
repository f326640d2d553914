/**
 * Case studies as staff keep them (the "Site content" screen) and as the public pages read them.
 * A case study's Markdown body is rendered and sanitised when it is saved (like a blog post's), so
 * reading one runs no renderer. Every change is audited and purges the pages that show proof.
 */
import { slugify } from "../../shared/blog/blog";
import type { CaseStudy } from "../../shared/site/api";
import {
  fullCaseStudySchema,
  type CaseStudyInput,
  type CaseStudyUpdate,
  type ContentStatus,
} from "../../shared/site/site-content";
import { recordAudited, type Actor } from "../common/audit";
import { AUDIT_FIELDS } from "../common/audit-fields";
import type { Deps } from "../common/deps";
import { Conflict, Invalid, NotFound } from "../common/errors";
import { renderMarkdown } from "../common/markdown";
import type { Db } from "../platform/db/db";
import { CASE_STUDY_TAGS } from "./cache-tags";
import { checkExampleRule } from "../common/example-rule";

/** The ids of the case study page, which no heading of a body takes. */
const PAGE_IDS = ["main", "results-title", "challenge-title", "work-title", "services-title"];

export interface CaseStudyRow {
  id: number;
  slug: string;
  title: string;
  client: string;
  anonymised: boolean;
  industry: string;
  location: string;
  services: string[];
  summary: string;
  challenge: string;
  results: { value: string; label: string }[] | string;
  duration: string;
  published_on: string;
  body: string;
  body_html: string;
  status: ContentStatus;
  example: boolean;
  updated_at: Date | string;
  [k: string]: unknown;
}

const COLUMNS = `id, slug, title, client, anonymised, industry, location, services, summary, challenge,
  results, duration, to_char(published_on, 'YYYY-MM-DD') AS published_on, body, body_html, status,
  example, updated_at`;

export function toCaseStudy(r: CaseStudyRow): CaseStudy {
  return {
    id: r.id,
    slug: r.slug,
    title: r.title,
    client: r.client,
    anonymised: r.anonymised,
    industry: r.industry,
    location: r.location,
    services: r.services,
    summary: r.summary,
    challenge: r.challenge,
    results: typeof r.results === "string" ? (JSON.parse(r.results) as CaseStudy["results"]) : r.results,
    duration: r.duration,
    publishedOn: r.published_on,
    body: r.body,
    html: r.body_html,
    status: r.status,
    example: r.example,
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

/** Every case study, drafts included, newest first (the dashboard). */
export async function listCaseStudies({ db }: Pick<Deps, "db">): Promise<CaseStudy[]> {
  const rows = await db.query<CaseStudyRow>(
    `SELECT ${COLUMNS} FROM case_studies ORDER BY published_on DESC, id DESC`,
  );
  return rows.map(toCaseStudy);
}

/** The published case studies, newest first (the public pages). */
export async function publishedCaseStudies({ db }: Pick<Deps, "db">): Promise<CaseStudy[]> {
  const rows = await db.query<CaseStudyRow>(
    `SELECT ${COLUMNS} FROM case_studies WHERE status = 'published' ORDER BY published_on DESC, id DESC`,
  );
  return rows.map(toCaseStudy);
}

/** One published case study by its address; null when there is none (or it is a draft). */
export async function publishedCaseStudy({ db }: Pick<Deps, "db">, slug: string): Promise<CaseStudy | null> {
  const [row] = await db.query<CaseStudyRow>(
    `SELECT ${COLUMNS} FROM case_studies WHERE slug = $1 AND status = 'published'`,
    [slug],
  );
  return row ? toCaseStudy(row) : null;
}

async function findRow(db: Db, id: number): Promise<CaseStudyRow> {
  const [row] = await db.query<CaseStudyRow>(`SELECT ${COLUMNS} FROM case_studies WHERE id = $1`, [id]);
  if (!row) throw new NotFound("This case study no longer exists.");
  return row;
}

const SLUG_TAKEN = "Another case study already has this address. Please choose another.";
const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === "23505";

/** A case study's values in column order ($2 onwards; $1 is the id or the slug). */
function values(c: Omit<CaseStudyInput, "slug">, html: string) {
  return [
    c.title,
    c.client,
    c.anonymised,
    c.industry,
    c.location,
    c.services,
    c.summary,
    c.challenge,
    JSON.stringify(c.results),
    c.duration,
    c.publishedOn,
    c.body ?? "",
    html,
    c.status ?? "draft",
    c.example ?? false,
  ];
}

/** The fields an update gives (an absent or undefined one stays as it is). */
export const given = <T extends object>(changes: T): Partial<T> =>
  Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<T>;

/** A case study's body as sanitised HTML, with its page's ids kept free. */
export const renderBody = (body: string | undefined) => (body ? renderMarkdown(body, PAGE_IDS).html : "");

const AUDITED = { entity: "case_study", table: "case_studies", fields: AUDIT_FIELDS.caseStudies } as const;

/** Adds a case study; its address is made from its title when not given (numbered on a clash). */
export async function addCaseStudy(
  deps: Pick<Deps, "db" | "now" | "env" | "raise">,
  actor: Actor,
  input: CaseStudyInput,
): Promise<CaseStudy> {
  const item = { ...input, status: input.status ?? "draft", example: input.example ?? false };
  checkExampleRule(deps, item);
  const html = renderBody(item.body);
  const spec = { ...AUDITED, action: "case_study.create" as const, idOf: (c: CaseStudy) => c.id };
  return recordAudited(deps, actor, spec, async (deps) => {
    const base = input.slug ?? slugify(input.title).replace(/^post-/, "case-study-");
    for (let attempt = 1; ; attempt++) {
      const slug = attempt === 1 ? base : `${base.slice(0, 75)}-${attempt}`;
      try {
        const [row] = await deps.db.transaction((tx) =>
          tx.query<CaseStudyRow>(
            `INSERT INTO case_studies (slug, title, client, anonymised, industry, location, services, summary,
               challenge, results, duration, published_on, body, body_html, status, example, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11, $12, $13, $14, $15, $16, $17, $17)
             RETURNING ${COLUMNS}`,
            [slug, ...values(item, html), deps.now().toISOString()],
          ),
        );
        if (row!.status === "published") deps.raise({ purge: CASE_STUDY_TAGS });
        return toCaseStudy(row!);
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        if (input.slug || attempt >= 20) throw new Conflict(SLUG_TAKEN);
      }
    }
  });
}

/** Changes the fields given; the whole case study is checked again (the rules of a new one). */
export async function updateCaseStudy(
  deps: Pick<Deps, "db" | "now" | "env" | "raise">,
  actor: Actor,
  id: number,
  changes: CaseStudyUpdate,
): Promise<CaseStudy> {
  return recordAudited(deps, actor, { ...AUDITED, action: "case_study.update", id }, async (deps) => {
    const old = toCaseStudy(await findRow(deps.db, id));
    const merged = fullCaseStudySchema.safeParse({ ...old, ...given(changes) });
    if (!merged.success) throw new Invalid(merged.error.issues[0]?.message ?? "Invalid case study.");
    const next = merged.data;
    checkExampleRule(deps, next);
    const html = next.body === old.body ? old.html : renderBody(next.body);
    let row: CaseStudyRow | undefined;
    try {
      [row] = await deps.db.transaction((tx) =>
        tx.query<CaseStudyRow>(
          `UPDATE case_studies SET slug = $17, title = $2, client = $3, anonymised = $4, industry = $5,
             location = $6, services = $7, summary = $8, challenge = $9, results = $10::jsonb, duration = $11,
             published_on = $12, body = $13, body_html = $14, status = $15, example = $16, updated_at = $18
           WHERE id = $1 RETURNING ${COLUMNS}`,
          [id, ...values(next, html), next.slug, deps.now().toISOString()],
        ),
      );
    } catch (err) {
      throw isUniqueViolation(err) ? new Conflict(SLUG_TAKEN) : err;
    }
    if (!row) throw new NotFound("This case study no longer exists.");
    // A draft that stays a draft was never on a public page.
    if (old.status === "published" || row.status === "published") deps.raise({ purge: CASE_STUDY_TAGS });
    return toCaseStudy(row);
  });
}

export async function deleteCaseStudy(
  deps: Pick<Deps, "db" | "now" | "raise">,
  actor: Actor,
  id: number,
): Promise<void> {
  await recordAudited(deps, actor, { ...AUDITED, action: "case_study.delete", id }, async (deps) => {
    const [row] = await deps.db.query<{ status: ContentStatus }>(
      "DELETE FROM case_studies WHERE id = $1 RETURNING status",
      [id],
    );
    if (!row) throw new NotFound("This case study no longer exists.");
    if (row.status === "published") deps.raise({ purge: CASE_STUDY_TAGS });
  });
}

/** The published case studies for the sitemap: each page's address and when it last changed. */
export async function listCaseStudyPages({ db }: Pick<Deps, "db">) {
  const rows = await db.query<{ slug: string; updated_at: Date | string }>(
    "SELECT slug, updated_at FROM case_studies WHERE status = 'published' ORDER BY published_on DESC, id DESC",
  );
  return rows.map((r) => ({ slug: r.slug, updated_at: new Date(r.updated_at).toISOString() }));
}
