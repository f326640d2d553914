/** The editor's Preview tab: a post body rendered as the public page renders it. */
import { renderPost } from "../common/markdown";
import { type PostFormat, type RenderedPost } from "../../shared/blog/rendered-post";

/** Renders with the same renderer and sanitiser as the public page; line ends as the browser stores them. */
export function previewPost(content: string, format: PostFormat): RenderedPost {
  return renderPost(content.replace(/\r\n?/g, "\n"), format);
}
