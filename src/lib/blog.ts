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
