import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** WCAG 2.2 AA through axe: every screen calls this and must have no violation. */
export async function expectNoAxeViolations(page: Page, include?: string) {
  let builder = new AxeBuilder({ page }).withTags([
    "wcag2a",
    "wcag2aa",
    "wcag21a",
    "wcag21aa",
    "wcag22aa",
    "best-practice",
  ]);
  // Only violations are collected: listing every passing node is most of axe's time on long pages.
  builder = builder.options({ resultTypes: ["violations"] });
  // axe runs in the page itself (axe.run). The default runs it in parts and finishes in a new blank
  // page of the context, into which it injects axe again: 2-3 s a check where this takes under 1 s,
  // with the same violations (compared on /, /contact and /blog with faults added). What that mode
  // adds is reaching into frames of other origins: a page with a frame is checked that way.
  builder = builder.setLegacyMode(page.frames().length === 1);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const summary = violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(summary, summary.join("\n")).toEqual([]);
}
