/**
 * Post bodies as HTML, on the server only: Markdown (CommonMark with GitHub tables) is parsed by
 * remark, raw HTML in the source is dropped, and the HTML tree passes an allow-list sanitiser
 * before it is written out. Public pages receive finished HTML and no renderer.
 *
 * Allowed: headings 2-4 (a level-1 heading becomes 2, 5 and 6 become 4), paragraphs, bold,
 * italic, strikethrough, links (http, https, mailto, site paths, #anchors), lists, blockquotes,
 * code blocks with a language, tables, rules, and images from the site's own media. Links to other
 * sites get rel="noopener"; headings get ids for anchors and the table of contents.
 *
 * Posts written before Markdown ("text" format) keep their plain-text rendering. The case studies'
 * bodies (src/server/site/) are rendered the same way, with their page's ids.
 */
import GithubSlugger from "github-slugger";
import type { Element, ElementContent, Root as HastRoot } from "hast";
import type { Root as MdastRoot, RootContent as MdastContent } from "mdast";
import { toString as mdastToString } from "mdast-util-to-string";
import rehypeExternalLinks from "rehype-external-links";
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { imageCdnUrl, MEDIA_WIDTH } from "../../shared/common/media";
import type { PostFormat, RenderedPost } from "../../shared/blog/rendered-post";
import type { TocEntry } from "../../shared/blog/api";
import { textToHtml } from "./text-html";

/** Ids the post page uses itself; a heading never takes one of them. */
const PAGE_IDS = [
  "main",
  "post-title",
  "comments",
  "comments-heading",
  "all-heading",
  "follow-heading",
  "toc",
  "toc-heading",
];

/** Site media only: the public images the dashboard uploads (and their narrower copies). */
const OWN_MEDIA = /^\/api\/media\/public\/[A-Za-z0-9][A-Za-z0-9._-]*$/;

const schema: SanitizeSchema = {
  ...defaultSchema,
  // Ids are given after sanitising, from the heading text; none come from the source.
  clobber: [],
  clobberPrefix: "",
  tagNames: [
    "h2",
    "h3",
    "h4",
    "p",
    "br",
    "hr",
    "strong",
    "em",
    "del",
    "a",
    "ul",
    "ol",
    "li",
    "blockquote",
    "pre",
    "code",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "img",
  ],
  attributes: {
    a: ["href", "title"],
    img: ["src", "alt", "title"],
    code: [["className", /^language-[A-Za-z0-9_+-]{1,30}$/]],
    ol: [["start", /^\d{1,6}$/]],
    th: [["align", "left", "center", "right"]],
    td: [["align", "left", "center", "right"]],
  },
  protocols: { href: ["http", "https", "mailto"], src: [] },
  required: {},
  strip: ["script", "style", "svg", "math", "iframe", "object", "embed", "template", "noscript"],
};

function isElement(n: ElementContent | HastRoot["children"][number]): n is Element {
  return n.type === "element";
}

function walk(node: HastRoot | Element, fn: (el: Element, parent: HastRoot | Element, i: number) => void) {
  for (let i = 0; i < node.children.length; i++) {
    const child = node.children[i]!;
    if (isElement(child)) {
      fn(child, node, i);
      walk(child, fn);
    }
  }
}

function textOf(el: Element | ElementContent): string {
  if (el.type === "text") return el.value;
  if (el.type === "element") return el.children.map(textOf).join("");
  return "";
}

/** Headings 1-6 become 2-4: the page's title is its only h1. */
function clampHeadings() {
  return (tree: HastRoot) => {
    walk(tree, (el) => {
      const m = /^h([1-6])$/.exec(el.tagName);
      if (m) el.tagName = `h${Math.min(4, Math.max(2, Number(m[1])))}`;
    });
  };
}

/**
 * Images: only the site's own media is kept (anything else becomes its alt text); kept images load
 * lazily through the Image CDN, at the width a phone or the article column needs.
 */
/** The widest an image in a post is shown (2x the article's 784 px column is more than stored). */
const ARTICLE_IMAGE_WIDTH = 1600;

function ownImages() {
  return (tree: HastRoot) => {
    walk(tree, (el, parent, i) => {
      if (el.tagName !== "img") return;
      const src = typeof el.properties.src === "string" ? el.properties.src : "";
      const alt = typeof el.properties.alt === "string" ? el.properties.alt : "";
      if (!OWN_MEDIA.test(src)) {
        parent.children.splice(i, 1, { type: "text", value: alt });
        return;
      }
      el.properties = {
        src: imageCdnUrl(src, ARTICLE_IMAGE_WIDTH),
        alt,
        srcSet: [MEDIA_WIDTH.banner, ARTICLE_IMAGE_WIDTH]
          .map((w) => `${imageCdnUrl(src, w)} ${w}w`)
          .join(", "),
        sizes: "(min-width: 1024px) 784px, calc(100vw - 32px)",
        loading: "lazy",
        decoding: "async",
      };
    });
  };
}

/** Heading ids from their text (GitHub's rules), never one the page itself uses; collects the TOC. */
function headingIds(toc: TocEntry[], pageIds: readonly string[]) {
  return (tree: HastRoot) => {
    const slugger = new GithubSlugger();
    for (const id of pageIds) slugger.slug(id);
    walk(tree, (el) => {
      const m = /^h([2-4])$/.exec(el.tagName);
      if (!m) return;
      const text = textOf(el).trim();
      const id = slugger.slug(text || "section");
      el.properties = { ...el.properties, id };
      toc.push({ depth: Number(m[1]) as 2 | 3 | 4, id, text });
    });
  };
}

/**
 * Renders Markdown to sanitised HTML with its table of contents. `pageIds` are the ids of the page
 * that shows it (a post's by default), which no heading takes.
 */
export function renderMarkdown(source: string, pageIds: readonly string[] = PAGE_IDS): RenderedPost {
  const toc: TocEntry[] = [];
  const processor = unified()
    .use(remarkParse)
    .use(remarkGfm, { singleTilde: false })
    // Without allowDangerousHtml, raw HTML nodes of the source are dropped here.
    .use(remarkRehype)
    .use(clampHeadings)
    .use(rehypeSanitize, schema)
    .use(ownImages)
    .use(rehypeExternalLinks, { rel: ["noopener"] })
    .use(headingIds, toc, pageIds)
    .use(rehypeStringify);
  const html = String(processor.processSync(source));
  return { html, toc };
}

/** A post body as sanitised HTML, whatever its format. */
export function renderPost(content: string, format: PostFormat): RenderedPost {
  return format === "markdown" ? renderMarkdown(content) : { html: textToHtml(content), toc: [] };
}

/** The words a reader reads in a post (Markdown syntax and raw HTML left out). */
export function plainText(content: string, format: PostFormat): string {
  if (format === "text") return content;
  const tree = unified().use(remarkParse).use(remarkGfm).parse(content) as MdastRoot;
  const blocks: string[] = [];
  const visit = (nodes: MdastContent[]) => {
    for (const n of nodes) {
      if (n.type === "html" || n.type === "image" || n.type === "definition") continue;
      if (n.type === "list" || n.type === "blockquote" || n.type === "table" || n.type === "tableRow") {
        visit(n.children as MdastContent[]);
      } else if (n.type === "listItem") visit(n.children);
      else if (n.type === "tableCell") blocks.push(mdastToString(n, { includeHtml: false }));
      else blocks.push(mdastToString(n, { includeImageAlt: false, includeHtml: false }));
    }
  };
  visit(tree.children);
  return blocks.filter((b) => b.trim()).join("\n\n");
}
