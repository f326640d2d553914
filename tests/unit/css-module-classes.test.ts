/**
 * Every class a component takes from a CSS module exists in that module: a class that moved to
 * another stylesheet (or was never written) gives `undefined`, and the element silently loses
 * its look. The components and their modules are read from src/.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.join(process.cwd(), "src");
const components = (readdirSync(root, { recursive: true }) as string[])
  .filter((f) => f.endsWith(".tsx"))
  .map((f) => path.join(root, f));

/** The classes a stylesheet defines (selectors' `.name`, comments and strings aside). */
function classesOf(css: string): Set<string> {
  const plain = css.replace(/\/\*[\s\S]*?\*\//g, "").replace(/url\([^)]*\)|"[^"]*"|'[^']*'/g, "");
  return new Set([...plain.matchAll(/\.(-?[A-Za-z_][\w-]*)/g)].map((m) => m[1]!));
}

describe("CSS module classes", () => {
  it("finds components that use CSS modules", () => {
    expect(components.some((f) => /from "\.\/[\w.-]+\.module\.css"/.test(readFileSync(f, "utf8")))).toBe(
      true,
    );
  });

  it.each(components.map((f) => [path.relative(process.cwd(), f), f]))(
    "%s uses only classes its modules define",
    (_, file) => {
      const src = readFileSync(file, "utf8");
      const missing: string[] = [];
      for (const [, name, mod] of src.matchAll(/import (\w+) from "(\.{1,2}\/[\w./-]+\.module\.css)"/g)) {
        const defined = classesOf(readFileSync(path.join(path.dirname(file), mod!), "utf8"));
        for (const [, cls] of src.matchAll(new RegExp(`\\b${name}\\.(\\w+)`, "g")))
          if (!defined.has(cls!)) missing.push(`${mod}: .${cls}`);
      }
      expect(missing).toEqual([]);
    },
  );
});
