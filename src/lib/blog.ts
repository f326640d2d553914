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

/** Public shape of a post, as the API and the pages use it. Image fields are URLs or null. */
export interface PublicPost {
  id: number;
  title: string;
  author: string;
  date: string;
  content: string;
  image1: string | null;
  image2: string | null;
  category: Category;
}

/** "March 4, 2025" in US English, the audience of the site. */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}

/** A post named by a link: sidebars, previous and next. */
export interface PostLink {
  id: number;
  title: string;
  date: string;
}

/**
 * The first characters of a post, for lists: enough for the three lines the page clamps it to at
 * its widest text column (about 90 characters a line, just under 768 px).
 */
export const EXCERPT_CHARS = 280;

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
