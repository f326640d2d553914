/** The public pages for sitemap.xml, and the XML itself (pure, so it is unit-tested). */
import { CONTACT_PATH, SERVICE_ROUTES } from "../../config/site";
import { CASE_STUDIES_PATH } from "../site/site-content";
import { AI_OVERVIEW_PATH } from "../../content/overview";

export interface SitemapEntry {
  /** Path, already URL-encoded where needed (e.g. '/case-studies/x%20y'). */
  path: string;
  lastmod?: string | undefined;
}

/** Every public, indexable page that exists without the database (each case study is added from its collection). */
export const PUBLIC_PAGES: readonly string[] = [
  "/",
  "/about",
  "/service",
  AI_OVERVIEW_PATH,
  "/product",
  "/poppage",
  ...SERVICE_ROUTES,
  CONTACT_PATH,
  CASE_STUDIES_PATH,
  "/blog",
  "/careers",
  "/privacy",
  "/trust",
  "/security",
];

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!,
  );

export function sitemapXml(base: string, entries: readonly SitemapEntry[]): string {
  const root = base.replace(/\/$/, "");
  const urls = entries.map((e) => {
    const lastmod = e.lastmod ? `<lastmod>${escapeXml(e.lastmod)}</lastmod>` : "";
    return `<url><loc>${escapeXml(root + e.path)}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

export function robotsTxt(base: string): string {
  const root = base.replace(/\/$/, "");
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /dashboard",
    "Disallow: /api",
    "",
    `Sitemap: ${root}/sitemap.xml`,
    "",
  ].join("\n");
}
