/**
 * A post's body as the server renders it (src/server/blog/markdown.ts) and the post page shows it
 * (src/components/blog): sanitised HTML and the table of contents of its headings.
 */
export type PostFormat = "text" | "markdown";

export interface TocEntry {
  depth: 2 | 3 | 4;
  id: string;
  text: string;
}

export interface RenderedPost {
  html: string;
  toc: TocEntry[];
}
