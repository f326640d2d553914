/** Plain text as HTML, without a Markdown renderer: what reading a post may need. */

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** A plain-text post as HTML: paragraphs at blank lines, line breaks kept, everything escaped. */
export function textToHtml(source: string): string {
  return source
    .trim()
    .split(/\n\s*\n/)
    .map((p) => `<p>${escapeHtml(p.trim()).replace(/\n/g, "<br>")}</p>`)
    .join("\n");
}
