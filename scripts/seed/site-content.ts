/**
 * The site's demo proof, seeded from the files it was kept in before the dashboard kept it: the
 * case studies' Markdown (src/content/case-studies/*.md, front matter and body) and the
 * testimonials, client logos and partner badges of src/content/proof.ts. They are seeded
 * published and still marked example: production refuses to publish them, and /api/health names
 * any left. `${company.name}` placeholders are filled in from src/config/company.json. Each table
 * is seeded only while it is empty.
 */
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { parse } from "yaml";
import { fillCompany, fillCompanyDeep } from "../../src/config/company-text";
import { site } from "../../src/config/site";
import { CLIENT_LOGOS, PARTNER_BADGES, TESTIMONIALS } from "../../src/content/proof";
import type { Db } from "../../src/server/platform/db/db";
import { renderBody } from "../../src/server/site/case-studies";
import { fullCaseStudySchema } from "../../src/shared/site/site-content";

const STUDIES_DIR = path.resolve(import.meta.dirname, "../../src/content/case-studies");

/** The demo case studies as the API takes them, read from their files. */
export async function demoCaseStudies() {
  const names = (await readdir(STUDIES_DIR)).filter((f) => f.endsWith(".md")).sort();
  return Promise.all(
    names.map(async (name) => {
      const where = `src/content/case-studies/${name}`;
      const text = await readFile(path.join(STUDIES_DIR, name), "utf8");
      const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
      if (!m) throw new Error(`${where}: no front matter`);
      const { published, example, ...front } = fillCompanyDeep(
        parse(m[1]!) as Record<string, unknown>,
        site,
        where,
      );
      const day = published instanceof Date ? published.toISOString().slice(0, 10) : String(published);
      const parsed = fullCaseStudySchema.parse({
        ...front,
        publishedOn: day,
        body: fillCompany(m[2]!, site, { where }),
        slug: name.replace(/\.md$/, ""),
        status: "published",
        example: example === true,
      });
      return parsed;
    }),
  );
}

export async function seedSiteContent(tx: Db, now: Date): Promise<void> {
  const at = now.toISOString();
  const [{ n: studies }] = (await tx.query<{ n: number }>("SELECT count(*)::int AS n FROM case_studies")) as [
    { n: number },
  ];
  if (studies === 0) {
    for (const c of await demoCaseStudies()) {
      await tx.query(
        `INSERT INTO case_studies (slug, title, client, anonymised, industry, location, services, summary,
           challenge, results, duration, published_on, body, body_html, status, example, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11, $12, $13, $14, $15, $16, $17, $17)`,
        [
          c.slug,
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
          c.body,
          renderBody(c.body),
          c.status,
          c.example,
          // Last changed when published (the sitemap's lastmod).
          `${c.publishedOn}T00:00:00Z`,
        ],
      );
    }
  }
  const [{ n: items }] = (await tx.query<{ n: number }>("SELECT count(*)::int AS n FROM proof_items")) as [
    { n: number },
  ];
  if (items > 0) return;
  const insert = (kind: string, f: Record<string, string | null>, example: boolean) =>
    tx.query(
      `INSERT INTO proof_items (kind, quote, author, company, name, mark, cloud, programme, status, example,
         created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'published', $9, $10, $10)`,
      [
        kind,
        f.quote ?? null,
        f.author ?? null,
        f.company ?? null,
        f.name ?? null,
        f.mark ?? null,
        f.cloud ?? null,
        f.programme ?? null,
        example,
        at,
      ],
    );
  for (const t of TESTIMONIALS)
    await insert("testimonial", { quote: t.quote, author: t.author, company: t.company }, t.example);
  for (const l of CLIENT_LOGOS) await insert("client", { name: l.name, mark: l.mark }, l.example);
  for (const b of PARTNER_BADGES)
    await insert("partner", { cloud: b.cloud, programme: b.programme }, b.example);
}
