import { parseFragment, type DefaultTreeAdapterMap } from "parse5";
import { describe, expect, it } from "vitest";
import { plainText, renderMarkdown, renderPost } from "../../src/server/common/markdown";

type Node = DefaultTreeAdapterMap["childNode"];
type El = DefaultTreeAdapterMap["element"];

/** Every element of the HTML as a browser parses it. */
function elements(html: string): El[] {
  const out: El[] = [];
  const visit = (nodes: Node[]) => {
    for (const n of nodes) {
      if ("tagName" in n) {
        out.push(n);
        visit(n.childNodes);
        if (n.tagName === "template")
          visit((n as unknown as { content: { childNodes: Node[] } }).content.childNodes);
      }
    }
  };
  visit(parseFragment(html).childNodes);
  return out;
}

const ALLOWED_TAGS = new Set([
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
]);
const ALLOWED_ATTRS = new Set([
  "href",
  "title",
  "src",
  "alt",
  "class",
  "id",
  "start",
  "align",
  "rel",
  "srcset",
  "sizes",
  "loading",
  "decoding",
]);

/** Asserts that the HTML can run nothing: known tags and attributes only, and safe URLs only. */
function assertInert(html: string) {
  for (const el of elements(html)) {
    expect(ALLOWED_TAGS, `<${el.tagName}> in ${html}`).toContain(el.tagName);
    for (const a of el.attrs) {
      expect(ALLOWED_ATTRS, `${a.name} on <${el.tagName}> in ${html}`).toContain(a.name);
      expect(a.name.startsWith("on")).toBe(false);
      if (a.name === "href") {
        // What a browser does to a URL before reading its scheme: strip controls, tabs, newlines.
        // eslint-disable-next-line no-control-regex -- that is the point
        const url = a.value.replace(/[\u0000-\u0020]/g, "").toLowerCase();
        expect(url, html).toMatch(/^(https?:\/\/|mailto:|\/(?!\/)|#|[^:]*$)/);
      }
      if (a.name === "src" || a.name === "srcset") {
        // The site's own media, through the Image CDN: every candidate of a srcset too.
        for (const candidate of a.value.split(/,\s*/))
          expect(candidate, html).toMatch(
            /^\/\.netlify\/images\?url=%2Fapi%2Fmedia%2Fpublic%2F[\w.-]+&w=\d+( \d+w)?$/,
          );
      }
    }
  }
}

const HOSTILE: string[] = [
  "<script>alert(1)</script>",
  "hello <script>alert(1)</script> world",
  '<img src=x onerror="alert(1)">',
  '<a href="javascript:alert(1)">x</a>',
  "[click](javascript:alert(1))",
  "[click](JaVaScRiPt:alert(1))",
  "[click](java\tscript:alert(1))",
  "[click](&#106;avascript:alert(1))",
  "[click](&#x6A;avascript&colon;alert(1))",
  "[click](vbscript:msgbox(1))",
  "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  "[click](<javascript:alert(1)>)",
  "<javascript:alert(1)>",
  "[ref]\n\n[ref]: javascript:alert(1)",
  "![x](javascript:alert(1))",
  "![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)",
  "![x](https://evil.example/track.png)",
  '![x](/api/media/public/a.webp" onerror="alert(1))',
  "![x](//evil.example/x.png)",
  '<svg onload="alert(1)"><circle r="1"/></svg>',
  "<svg><script>alert(1)</script></svg>",
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  '<iframe src="https://evil.example"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><input type=submit></form>',
  '<base href="javascript:alert(1)//">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel="import" href="https://evil.example">',
  "<style>body{background:url(javascript:alert(1))}</style>",
  '<div style="background:url(javascript:alert(1))">x</div>',
  "<scr<script>ipt>alert(1)</scr</script>ipt>",
  "<<script>script>alert(1)<</script>/script>",
  '<a href="https://ok.example" onclick="alert(1)">x</a>',
  "<!-- <script>alert(1)</script> -->",
  "<![CDATA[<script>alert(1)</script>]]>",
  "```html\n<script>alert(1)</script>\n```",
  '```js" onmouseover="alert(1)\ncode\n```',
  "`<img src=x onerror=alert(1)>`",
  "> <script>alert(1)</script>",
  "- <img src=x onerror=alert(1)>\n- [x](javascript:alert(1))",
  "| a | b |\n|---|---|\n| <script>alert(1)</script> | [x](javascript:alert(1)) |",
  '## <span onmouseover="alert(1)">heading</span>',
  '<details open ontoggle="alert(1)"><summary>x</summary></details>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  "<template><script>alert(1)</script></template>",
  "<textarea><img src=x onerror=alert(1)></textarea>",
  "<xmp><img src=x onerror=alert(1)></xmp>",
  '[a](https://x.example "t\\" onmouseover=alert(1)")',
  '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000049&#0000041">x</a>',
  "[x](\u0001javascript:alert(1))",
  "https://x.example/<script>alert(1)</script>",
  'www.example.com/"onmouseover=alert(1)',
  "[^1]\n\n[^1]: <script>alert(1)</script>",
];

describe("the Markdown sanitiser", () => {
  it.each(HOSTILE.map((s) => [s]))("renders %j with nothing executable", (source) => {
    const { html } = renderMarkdown(source);
    assertInert(html);
    // Words like "javascript:" may remain as visible text; no markup may.
    expect(html.toLowerCase()).not.toMatch(
      /<(script|svg|math|iframe|object|embed|style|form|base|meta|link)/,
    );
  });

  it("shows raw HTML neither as markup nor as a working element", () => {
    const { html } = renderMarkdown("before <b onclick=x>bold</b> after\n\n<div>block</div>");
    expect(elements(html).map((e) => e.tagName)).toEqual(["p"]);
    expect(html).toContain("before");
  });

  it("renders the supported Markdown", () => {
    const { html, toc } = renderMarkdown(
      [
        "# Top",
        "## Why it matters",
        "Some **bold** and *italic* text with [a link](https://example.com) and [a page](/about).",
        "### Steps",
        "1. one\n2. two",
        "- a\n- b",
        "> quoted",
        "```ts\nconst x = 1;\n```",
        "| A | B |\n|:--|--:|\n| 1 | 2 |",
        "![Diagram](/api/media/public/abc-123.webp)",
        "###### Deep",
      ].join("\n\n"),
    );
    assertInert(html);
    expect(html).toContain('<h2 id="top">Top</h2>');
    expect(html).toContain('<h2 id="why-it-matters">Why it matters</h2>');
    expect(html).toContain('<h3 id="steps">Steps</h3>');
    expect(html).toContain('<h4 id="deep">Deep</h4>');
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain("<em>italic</em>");
    expect(html).toContain('<a href="https://example.com" rel="noopener">a link</a>');
    expect(html).toContain('<a href="/about">a page</a>');
    expect(html).toContain("<ol>");
    expect(html).toContain("<ul>");
    expect(html).toContain("<blockquote>");
    expect(html).toContain('<code class="language-ts">const x = 1;\n</code>');
    expect(html).toContain("<table>");
    expect(html).toContain('<td align="right">2</td>');
    // Through the Image CDN, at the phone's and the column's widths.
    expect(html).toContain(
      '<img src="/.netlify/images?url=%2Fapi%2Fmedia%2Fpublic%2Fabc-123.webp&#x26;w=1600" alt="Diagram" srcset="/.netlify/images?url=%2Fapi%2Fmedia%2Fpublic%2Fabc-123.webp&#x26;w=720 720w, /.netlify/images?url=%2Fapi%2Fmedia%2Fpublic%2Fabc-123.webp&#x26;w=1600 1600w"',
    );
    expect(toc.map((t) => [t.depth, t.id])).toEqual([
      [2, "top"],
      [2, "why-it-matters"],
      [3, "steps"],
      [4, "deep"],
    ]);
  });

  it("never gives a heading an id the page uses itself", () => {
    const { toc } = renderMarkdown("## Comments\n\n## Comments\n\n## Post title");
    expect(toc.map((t) => t.id)).toEqual(["comments-1", "comments-2", "post-title-1"]);
  });
});

describe("plain-text posts", () => {
  it("keep their text and line breaks, escaped", () => {
    expect(renderPost("Line one\nline <two>\n\nPara **2**", "text").html).toBe(
      "<p>Line one<br>line &lt;two&gt;</p>\n<p>Para **2**</p>",
    );
  });

  it("plain text of Markdown drops syntax and raw HTML", () => {
    expect(
      plainText("## Title\n\nSome **bold** <b>x</b> [link](https://a.example)\n\n- one\n- two", "markdown"),
    ).toBe("Title\n\nSome bold x link\n\none\n\ntwo");
  });
});
