/**
 * Links in a comment's plain text. A comment is never rendered as HTML: the island and the server
 * split its text into text and link parts and render each part as a text node or an <a> with
 * rel="ugc nofollow noopener" (Google's attributes for links in user-generated content), so a
 * commenter's link passes no ranking to the site it points at. The same finder counts links for
 * the "two or more links are held for review" rule, so what is counted is what would be a link.
 */

/** http(s) addresses and bare www. addresses, up to the first space or bracket-like character. */
const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"'`{}|\\^[\]]+/gi;
/** Punctuation that ends a sentence rather than an address. */
const TRAILING = /[.,;:!?)\]}'"]+$/;

export type CommentPart = { text: string } | { text: string; href: string };

/** Rel of every link a commenter wrote. */
export const UGC_REL = "ugc nofollow noopener";

/** The comment's text cut into plain parts and link parts, in order. */
export function commentParts(text: string): CommentPart[] {
  const parts: CommentPart[] = [];
  let at = 0;
  for (const m of text.matchAll(LINK)) {
    const raw = m[0].replace(TRAILING, "");
    const start = m.index;
    if (raw.length < 5) continue;
    if (start > at) parts.push({ text: text.slice(at, start) });
    const href = /^www\./i.test(raw) ? `https://${raw}` : raw;
    parts.push({ text: raw, href });
    at = start + raw.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

/** How many links the text holds. */
export const countLinks = (text: string): number => commentParts(text).filter((p) => "href" in p).length;
