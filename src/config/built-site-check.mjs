/**
 * What a production build must not serve once it is built: the demo company's name while
 * src/config/company.json names another company, and a copyright year other than the build's.
 * It reads every text file the deploy serves or runs (the pages, scripts, styles, feeds and
 * manifests of dist/, the on-demand pages' code and the functions' bundles, whose texts are their
 * answers and mails) and names each place with a short excerpt. src/integrations/production-guard.ts
 * runs it over dist/ and the server build after `astro build`, and scripts/bundle-functions.mjs
 * over the functions' bundles, both when Netlify builds with CONTEXT=production.
 * Plain JavaScript, so the bundling script imports it as it is.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/**
 * The demo company the site ships as. Its name is written here and in the owner's file only:
 * everything else reads the name from the owner's file (tests/unit/company-name.test.ts).
 */
export const DEMO_NAME = "Nimbus Cloud Ops";

/** The files read: text the site serves or the functions run. Pictures, PDFs and fonts are not. */
const TEXT_FILE = /\.(html?|js|mjs|cjs|css|json|xml|txt|svg|webmanifest|map|md)$/i;
/** Places named per file; beyond them, a count. */
const PER_FILE = 5;

/**
 * @typedef {{ where: string, problem: string }} Problem
 * @typedef {{ name: string, year: number }} Expected the owner's company name and the build's year
 */

/** @param {string} s */
const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The demo name as it may be written: any case, its words apart by spaces, dashes or markup
 * (`Nimbus<tspan> Cloud Ops`); and its first word alone unless the owner's name holds it too.
 * @param {string} ownName
 * @returns {RegExp[]}
 */
function demoPatterns(ownName) {
  const words = DEMO_NAME.split(/\s+/).map(escapeRe);
  const patterns = [new RegExp(words.join("(?:[\\s_-]|&nbsp;|<[^>]{0,200}>)*"), "gi")];
  const first = DEMO_NAME.split(/\s+/)[0] ?? DEMO_NAME;
  if (!new RegExp(`\\b${escapeRe(first)}\\b`, "i").test(ownName))
    patterns.push(new RegExp(`\\b${escapeRe(first)}\\b`, "gi"));
  return patterns;
}

/**
 * The site's copyright notice, `© 2026` (or the last year of a range, `© 2024–2026`), as markup,
 * text or an escaped string writes the sign; and the owner's file's `copyrightYear` where a bundle
 * carries it. The word "Copyright" is not looked for: the packages' licence headers inside the
 * server's code use it for their own years.
 */
const COPYRIGHT =
  /(?:©|&copy;|&#169;|&#xa9;|\\u00a9|\\xa9)(?:\s|&nbsp;|<[^>]{0,200}>)*((?:19|20)\d{2})(?:\s*(?:-|–|&ndash;|\\u2013)\s*((?:19|20)\d{2}))?/gi;
const COPYRIGHT_FIELD = /["']?copyrightYear["']?\s*:\s*(\d{4})/g;

/**
 * @param {string} text
 * @param {number} at
 * @param {number} length
 */
function excerpt(text, at, length) {
  const from = Math.max(0, at - 40);
  const to = Math.min(text.length, at + length + 40);
  const body = text.slice(from, to).replace(/\s+/g, " ").trim();
  return `"${from > 0 ? "…" : ""}${body}${to < text.length ? "…" : ""}"`;
}

/**
 * The problems of one file's text.
 * @param {string} where the file, as the list names it (e.g. dist/about/index.html)
 * @param {string} text
 * @param {Expected} expected
 * @returns {Problem[]}
 */
export function scanText(where, text, { name, year }) {
  /** @type {{ at: number, problem: string }[]} */
  const found = [];
  if (name.trim().toLowerCase() !== DEMO_NAME.toLowerCase()) {
    const seen = new Set();
    for (const pattern of demoPatterns(name))
      for (const m of text.matchAll(pattern)) {
        if ([...seen].some((s) => m.index >= s[0] && m.index < s[1])) continue;
        seen.add([m.index, m.index + m[0].length]);
        found.push({
          at: m.index,
          problem: `carries the demo company's name ${excerpt(text, m.index, m[0].length)}`,
        });
      }
  }
  for (const m of text.matchAll(COPYRIGHT)) {
    const shown = Number(m[2] ?? m[1]);
    if (shown !== year)
      found.push({
        at: m.index,
        problem: `carries the copyright year ${shown}, not ${year} ${excerpt(text, m.index, m[0].length)}`,
      });
  }
  for (const m of text.matchAll(COPYRIGHT_FIELD))
    if (Number(m[1]) !== year)
      found.push({
        at: m.index,
        problem: `carries copyrightYear ${m[1]}, not ${year} (src/config/company.json) ${excerpt(text, m.index, m[0].length)}`,
      });
  found.sort((a, b) => a.at - b.at);
  const problems = found.slice(0, PER_FILE).map((f) => ({ where, problem: f.problem }));
  if (found.length > PER_FILE)
    problems.push({ where, problem: `and ${found.length - PER_FILE} more places like these` });
  return problems;
}

/**
 * @param {string} dir
 * @returns {Promise<string[]>}
 */
async function textFiles(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile() && TEXT_FILE.test(e.name) && !e.parentPath.includes(`${path.sep}node_modules`))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/**
 * Every problem of the text files under `dirs` (missing ones are skipped), named from `root`.
 * @param {string} root
 * @param {readonly string[]} dirs
 * @param {Expected} expected
 * @returns {Promise<Problem[]>}
 */
export async function scanBuiltSite(root, dirs, expected) {
  /** @type {Problem[]} */
  const problems = [];
  for (const dir of dirs)
    for (const file of await textFiles(dir))
      problems.push(
        ...scanText(
          path.relative(root, file).split(path.sep).join("/"),
          await readFile(file, "utf8"),
          expected,
        ),
      );
  return problems;
}
