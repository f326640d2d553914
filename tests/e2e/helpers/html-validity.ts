import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { HtmlValidate } from "html-validate";

/**
 * HTML validity with html-validate: the rules that check a document against the HTML standard
 * (the same kind of errors the W3C Nu checker reports), plus references to ids that exist.
 */
const validator = new HtmlValidate({
  extends: ["html-validate:standard"],
  rules: { "no-dup-id": "error", "no-missing-references": "error" },
});

/** html-validate does not look at ids inside inline SVG; the document must not repeat them either. */
function duplicateIds(html: string): string[] {
  const seen = new Map<string, number>();
  for (const [, id = ""] of html.matchAll(/<[a-zA-Z][^>]*?\sid="([^"]+)"/g))
    seen.set(id, (seen.get(id) ?? 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([id, n]) => `no-dup-id: id "${id}" appears ${n} times`);
}

/** Every error in one document, as "rule: message (line)". Empty when the document is valid. */
export async function htmlErrors(html: string, name: string): Promise<string[]> {
  const report = await validator.validateString(html, name);
  const errors = report.results.flatMap((r) =>
    r.messages.filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message} (line ${m.line})`),
  );
  return [...errors, ...duplicateIds(html)];
}

/** The address of every page the build wrote to dist/ (…/index.html -> …/, 404.html -> /404.html). */
export function builtPages(distDir = path.resolve("dist")): string[] {
  const pages: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith(".html")) {
        const rel = path.relative(distDir, file).split(path.sep).join("/");
        const url =
          rel === "index.html" ? "/" : rel.endsWith("/index.html") ? `/${rel.slice(0, -10)}` : `/${rel}`;
        pages.push(url.split("/").map(encodeURIComponent).join("/"));
      }
    }
  };
  walk(distDir);
  return pages.sort();
}

/** The paths a sitemap lists. */
export function sitemapPaths(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc = ""]) => new URL(loc).pathname);
}

/** The W3C's Nu HTML Checker (vnu.jar, from the vnu-jar package; Java, which `npm test` installs when absent). */
const VNU_JAR = path.join(
  path.dirname(createRequire(import.meta.url).resolve("vnu-jar/package.json")),
  "build/dist/vnu.jar",
);

/**
 * Every error the Nu HTML Checker finds in the documents, as "name: message (line)", checked in
 * one run (one Java start for them all). Empty when every document is valid.
 */
export function nuErrors(docs: readonly { name: string; html: string }[]): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), "nu-"));
  try {
    const files = docs.map((d, i) => {
      const file = path.join(dir, `${i}.html`);
      writeFileSync(file, d.html);
      return file;
    });
    let out: string;
    try {
      out = execFileSync(
        "java",
        [
          // A short run: the quick compiler alone does it with half the CPU time (6.4 -> 3.1 s for
          // 24 pages, the same messages); its larger frames need a deeper stack for the schema.
          "-XX:TieredStopAtLevel=1",
          "-Xss16m",
          "-jar",
          VNU_JAR,
          "--errors-only",
          "--format",
          "json",
          "--stdout",
          ...files,
        ],
        {
          encoding: "utf8",
          maxBuffer: 64 * 1024 * 1024,
        },
      );
    } catch (e) {
      // The checker exits with 1 when it found errors; its report is still on stdout.
      out = (e as { stdout?: string }).stdout ?? "";
      if (!out) throw e;
    }
    const report = JSON.parse(out) as {
      messages: { type: string; url?: string; message: string; lastLine?: number }[];
    };
    return report.messages
      .filter((m) => m.type === "error" || m.type === "non-document-error")
      .map((m) => {
        const index = Number(/(\d+)\.html$/.exec(m.url ?? "")?.[1]);
        const name = docs[index]?.name ?? m.url ?? "?";
        return `${name}: ${m.message} (line ${m.lastLine ?? "?"})`;
      });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
