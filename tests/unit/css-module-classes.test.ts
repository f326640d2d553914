/**
 * Every class a component takes from a CSS module exists in that module: a class that moved to
 * another stylesheet (or was never written) gives `undefined`, and the element silently loses
 * its look. And every class a module defines is taken by a component: a site-wide class written
 * in a module without :global() (".field") is renamed there and styles nothing. The components
 * and their modules are read from src/.
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
  const plain = css
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/url\([^)]*\)|"[^"]*"|'[^']*'/g, "")
    .replace(/:global\([^)]*\)/g, "");
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

  it("every class of a module is taken by a component that imports it", () => {
    const used = new Map<string, Set<string>>();
    for (const file of components) {
      const src = readFileSync(file, "utf8");
      for (const [, name, mod] of src.matchAll(/import (\w+) from "(\.{1,2}\/[\w./-]+\.module\.css)"/g)) {
        const key = path.join(path.dirname(file), mod!);
        const set = used.get(key) ?? new Set<string>();
        for (const [, cls] of src.matchAll(new RegExp(`\\b${name}\\.(\\w+)`, "g"))) set.add(cls!);
        used.set(key, set);
      }
    }
    expect(used.size).toBeGreaterThan(0);
    const unused: string[] = [];
    for (const [mod, set] of used) {
      for (const cls of classesOf(readFileSync(mod, "utf8")))
        if (!set.has(cls)) unused.push(`${path.relative(root, mod)}: .${cls}`);
    }
    expect(unused).toEqual([]);
  });
});
