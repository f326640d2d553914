/**
 * The production check of the built site (src/config/built-site-check.mjs) over fixture files laid
 * out as a build leaves them: pages, a script, a feed, a manifest and a function's bundle of a site
 * renamed to "Zephyr Stack", some still carrying the demo company's name or last year's notice.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_NAME, scanBuiltSite, scanText } from "../../src/config/built-site-check.mjs";
import { formatProblems, refusal } from "../../src/config/production-check";

const YEAR = 2026;
const renamed = { name: "Zephyr Stack", year: YEAR };

const FILES: Record<string, string | Buffer> = {
  // The logo as it was drawn, its words split by markup, and last year's notice.
  "dist/index.html": `<!doctype html><html><head><title>Home | Zephyr Stack</title></head><body>
<svg><text>Nimbus<tspan fill="#0b5fd4"> Cloud Ops</tspan></text></svg>
<main><h1>Zephyr Stack</h1></main>
<footer><p class="copy">&copy; 2025 Zephyr Stack LLP. All rights reserved.</p></footer></body></html>`,
  // A page as it should be: the owner's name and this year.
  "dist/about/index.html": `<p>We started Zephyr Stack in 2021.</p><p class="copy">© ${YEAR} Zephyr Stack LLP.</p>`,
  // The eyebrow upper-cased in the source, and a range that ends this year.
  "dist/l1-support/index.html": `<p class="band__eyebrow">NIMBUS CLOUD OPS SERVICES</p><p>© 2021–${YEAR} Zephyr Stack LLP</p>`,
  "dist/_astro/Openings.js": `var g={name:\`Zephyr Stack\`,copyrightYear:2025};const x="\\xA9 2024";`,
  "dist/rss.xml": `<rss><channel><title>Nimbus Cloud Ops Blog</title></channel></rss>`,
  "dist/manifest.webmanifest": `{"name":"Zephyr Stack","short_name":"Zephyr"}`,
  "dist/styles/site.css": `.logo::after{content:"nimbus-cloud-ops"}`,
  // Not text the site serves as such: pictures and PDFs are not read.
  "dist/og-image.png": Buffer.from("\x89PNG Nimbus Cloud Ops", "latin1"),
  "dist/images/startup.pdf": "%PDF-1.4 Nimbus Cloud Ops (reference copy)",
  // A function's bundle: its mail text counts; an identifier that merely holds the letters does not.
  "build/functions/send-email-otp.mjs": `const p={privacy:"seeing or deleting your data at Nimbus Cloud Ops"};if(process.env.NIMBUS_STAFF_GATE)x();`,
  "build/functions/node_modules/dep/index.js": `// Nimbus`,
};

let root = "";
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), "built-site-"));
  for (const [file, text] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const scan = (expected = renamed) =>
  scanBuiltSite(root, [path.join(root, "dist"), path.join(root, "build/functions")], expected);

describe("the built site's check", () => {
  it("names each place that still carries the demo name or an old copyright year, with an excerpt", async () => {
    const problems = await scan();
    expect(problems.map((p) => `${p.where}: ${p.problem.replace(/ ".*"$/, "")}`)).toEqual([
      "dist/_astro/Openings.js: carries copyrightYear 2025, not 2026 (src/config/company.json)",
      "dist/_astro/Openings.js: carries the copyright year 2024, not 2026",
      "dist/index.html: carries the demo company's name",
      "dist/index.html: carries the copyright year 2025, not 2026",
      "dist/l1-support/index.html: carries the demo company's name",
      "dist/rss.xml: carries the demo company's name",
      "dist/styles/site.css: carries the demo company's name",
      "build/functions/send-email-otp.mjs: carries the demo company's name",
    ]);
    const logo = problems.find((p) => p.where === "dist/index.html")!;
    expect(logo.problem).toContain('Nimbus<tspan fill="#0b5fd4"> Cloud Ops');
    expect(problems.find((p) => p.where.startsWith("build/"))!.problem).toContain(
      "seeing or deleting your data at Nimbus Cloud Ops",
    );
  });

  it("reads as a list, not a stack trace", async () => {
    const err = refusal(await scan());
    expect(err.stack).toBe("");
    const lines = err.message.split("\n");
    expect(lines[0]).toBe(
      "A production build (CONTEXT=production) refuses the site's demo values. Replace these 8, then deploy again:",
    );
    expect(lines[3]).toMatch(
      /^ {2}- dist\/index\.html carries the demo company's name "….*<svg><text>Nimbus<tspan/,
    );
    expect(formatProblems([])).toContain("Replace these 0");
  });

  it("leaves the demo's own name alone while the owner's file still names the demo company", async () => {
    const problems = await scan({ name: DEMO_NAME, year: YEAR });
    expect(problems.every((p) => /copyright/i.test(p.problem))).toBe(true);
  });

  it("with the owner's name and this year everywhere, finds nothing", () => {
    expect(scanText("dist/about/index.html", String(FILES["dist/about/index.html"]), renamed)).toEqual([]);
  });

  it("a new name that keeps the demo's first word is not itself a problem", () => {
    const own = { name: "Nimbus Analytics", year: YEAR };
    expect(scanText("a.html", "<h1>Nimbus Analytics</h1>", own)).toEqual([]);
    expect(scanText("a.html", "<h1>Nimbus Cloud-Ops</h1>", own)).toHaveLength(1);
  });

  it("counts what it does not list beyond five places a file", () => {
    const problems = scanText("dist/x.js", "Nimbus ".repeat(8), renamed);
    expect(problems).toHaveLength(6);
    expect(problems[5]!.problem).toBe("and 3 more places like these");
  });
});
