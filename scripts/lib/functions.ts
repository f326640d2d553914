/** Loads every function in netlify/functions with its configured path, for routing in-process. */
import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

export interface LoadedFunction {
  name: string;
  file: string;
  path: string;
  pattern: RegExp;
  handler: (req: Request, ctx?: unknown) => Promise<Response>;
}

export function patternOf(p: string): RegExp {
  const re = p
    .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
    .replace(/\/:(\w+)\*?/g, "/([^/]+)")
    .replace(/\*/g, ".*");
  return new RegExp(`^${re}$`);
}

export function functionFiles(root = process.cwd()): string[] {
  const dir = path.join(root, "netlify", "functions");
  return readdirSync(dir)
    .filter((f) => /\.(ts|mts|js|mjs)$/.test(f))
    .map((f) => path.join(dir, f));
}

export async function loadFunctions(root = process.cwd()): Promise<LoadedFunction[]> {
  const out: LoadedFunction[] = [];
  for (const file of functionFiles(root)) {
    const mod = (await import(pathToFileURL(file).href)) as {
      default: LoadedFunction["handler"];
      config?: { path?: string | string[] };
    };
    const paths = mod.config?.path ? ([] as string[]).concat(mod.config.path) : [];
    for (const p of paths)
      out.push({
        name: path.basename(file).replace(/\.\w+$/, ""),
        file,
        path: p,
        pattern: patternOf(p),
        handler: mod.default,
      });
  }
  return out;
}

export function route(fns: LoadedFunction[], pathname: string): LoadedFunction | undefined {
  return fns.find((f) => f.pattern.test(pathname));
}
