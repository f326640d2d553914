/** Blog constants shared by pages, islands and the server. */
export const CATEGORIES = [
  "Cloud Computing",
  "Containers",
  "Servers",
  "Data Science",
  "Networking",
  "Artificial Intelligence",
] as const;
export type Category = (typeof CATEGORIES)[number];

export function isCategory(v: unknown): v is Category {
  return typeof v === "string" && (CATEGORIES as readonly string[]).includes(v);
}

export const POSTS_PER_PAGE = 10;
export const RECENT_POSTS = 4;

/** "March 4, 2025" in US English, the audience of the site. */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}

/**
 * The length of a post's excerpt in lists. The card clamps it to three lines, which hold at most
 * about 150 characters at any width from 360 to 1920 px; 200 fills them with room to spare, and
 * every character more is bytes of the list page that nobody sees.
 */
export const EXCERPT_CHARS = 200;

/** /blog with an optional tag and page, the crawlable address of every filtered list. */
export function blogListPath(opts: { tag?: Category | undefined; page?: number | undefined } = {}): string {
  const q = new URLSearchParams();
  if (opts.tag) q.set("tag", opts.tag);
  if (opts.page && opts.page > 1) q.set("page", String(opts.page));
  const s = q.toString();
  return s ? `/blog?${s}` : "/blog";
}

/** A plain-text summary of at most `max` characters, cut at a word boundary. */
export function summarize(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, "")}…`;
}

/** The blog list's query: ?tag=<category>&page=<n>. Anything else is not a list we have. */
export type ListQuery = { ok: true; tag: Category | undefined; page: number } | { ok: false };

export const MAX_LIST_PAGE = 10_000;

export function parseListQuery(params: URLSearchParams): ListQuery {
  const tag = params.get("tag");
  const page = params.get("page");
  if (tag !== null && !isCategory(tag)) return { ok: false };
  if (page !== null && (!/^[1-9]\d{0,4}$/.test(page) || Number(page) > MAX_LIST_PAGE)) return { ok: false };
  return { ok: true, tag: tag ?? undefined, page: page === null ? 1 : Number(page) };
}

/** A post id from a URL segment: digits only, 1 to 999,999,999; anything else is no post. */
export function parsePostId(value: string | undefined): number | undefined {
  return value && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : undefined;
}

/** The public address of a post. */
export const postPath = (p: { slug: string }) => `/blog/${p.slug}`;

/** A slug from a URL segment: lowercase words joined by hyphens, with a letter (else it is an id). */
export function parsePostSlug(value: string | undefined): string | undefined {
  return value && value.length <= 80 && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(value) && /[a-z]/.test(value)
    ? value
    : undefined;
}

/** Paths under /blog/ that are pages of their own, never a post's slug. */
export const RESERVED_SLUGS: readonly string[] = ["preview", "rss", "feed", "tag", "page"];

/** A slug made from a title: accents folded, lowercase words joined by hyphens, at most 70 characters. */
export function slugify(title: string): string {
  const s = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 70)
    .replace(/^-+|-+$/g, "");
  return /[a-z]/.test(s) && !RESERVED_SLUGS.includes(s) ? s : `post-${s || "untitled"}`.replace(/-+$/, "");
}

/** Words a reader reads per minute, for the reading time. */
export const WORDS_PER_MINUTE = 220;

/** The word count and reading time (whole minutes) of a post's text; link targets are not words. */
export function readingStats(text: string): { words: number; minutes: number } {
  const prose = text.replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/\]\([^)]*\)/g, "]");
  const words = prose.match(/[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
  return { words, minutes: words === 0 ? 0 : Math.max(1, Math.round(words / WORDS_PER_MINUTE)) };
}
