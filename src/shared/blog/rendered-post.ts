/**
 * A post's body as the server renders it (src/server/common/markdown.ts) and the post page shows it
 * (src/components/blog): sanitised HTML and the table of contents of its headings.
 */
import type { TocEntry } from "./api";
export type PostFormat = "text" | "markdown";

export interface RenderedPost {
  html: string;
  toc: TocEntry[];
}
