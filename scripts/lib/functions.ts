/**
 * Loads every function in netlify/functions with its configured path, for routing in-process,
 * and gives each call the `context.params` Netlify gives it: the named segments of the
 * function's `config.path` (`/api/delete-post/:id` -> `{ id }`), and `*` as "0", "1"..., as
 * URLPattern numbers them. The local server, the tests and the rehearsal all route with this.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { GivenPorts } from "../../src/server/http/app";

export interface LoadedFunction {
  name: string;
  file: string;
  path: string;
  pattern: RegExp;
  /** Calls the function as the platform does (with the params of this path). */
  handler: (req: Request, ctx?: unknown) => Promise<Response>;
  /** The file's default export itself. */
  exported: unknown;
}

interface CompiledPath {
  re: RegExp;
  names: string[];
}

function compile(p: string): CompiledPath {
  const names: string[] = [];
  let unnamed = 0;
  const re = p
    .split(/(\/:\w+|\*)/)
    .map((part) => {
      if (part === "*") {
        names.push(String(unnamed++));
        return "(.*)";
      }
      const named = /^\/:(\w+)$/.exec(part);
      if (named) {
        names.push(named[1]!);
        return "/([^/]+)";
      }
      return part.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("");
  return { re: new RegExp(`^${re}$`), names };
}

export function patternOf(p: string): RegExp {
  return compile(p).re;
}

/** The params of `pathname` under a function's path, as `context.params`; undefined if it does not match. */
export function paramsOf(p: string, pathname: string): Record<string, string> | undefined {
  const { re, names } = compile(p);
  const m = re.exec(pathname);
  if (!m) return undefined;
  const out: Record<string, string> = {};
  names.forEach((name, i) => {
    const v = m[i + 1];
    if (v !== undefined) out[name] = v;
  });
  return out;
}

export function functionFiles(root = process.cwd()): string[] {
  const dir = path.join(root, "netlify", "functions");
  return readdirSync(dir)
    .filter((f) => /\.(ts|mts|js|mjs)$/.test(f))
    .map((f) => path.join(dir, f));
}

/** One function file imported: an entry for each of its paths. */
async function loadFile(file: string, given?: () => GivenPorts): Promise<LoadedFunction[]> {
  const mod = (await import(pathToFileURL(file).href)) as {
    default: (req: Request, ctx?: unknown, given?: GivenPorts) => Promise<Response>;
    config?: { path?: string | string[] };
  };
  const paths = mod.config?.path ? ([] as string[]).concat(mod.config.path) : [];
  return paths.map((p) => ({
    name: path.basename(file).replace(/\.\w+$/, ""),
    file,
    path: p,
    pattern: patternOf(p),
    exported: mod.default,
    // Called as the platform calls it: with the params of this path (a given context's own
    // params win).
    handler: (req, ctx) =>
      mod.default(
        req,
        {
          params: paramsOf(p, new URL(req.url).pathname) ?? {},
          ...(ctx as Record<string, unknown> | undefined),
        },
        given?.(),
      ),
  }));
}

/**
 * Every function with its paths. `given` (tests) hands each call its back ends, read at the call
 * (src/server/http/endpoint.ts GivenPorts); without it the environment's are used.
 */
export async function loadFunctions(
  root = process.cwd(),
  given?: () => GivenPorts,
): Promise<LoadedFunction[]> {
  const out: LoadedFunction[] = [];
  for (const file of functionFiles(root)) out.push(...(await loadFile(file, given)));
  return out;
}

/**
 * A function file's paths as its source writes them (`export const config = { path: ... }`, a
 * string or an array of strings), read without importing the file.
 */
export function configuredPaths(file: string): string[] {
  const config = /export const config\b[^=]*=\s*(\{[\s\S]*?\});/.exec(readFileSync(file, "utf8"))?.[1] ?? "";
  const written = /\bpath:\s*("[^"]*"|\[[^\]]*\])/.exec(config)?.[1];
  return written ? ([] as string[]).concat(JSON.parse(written) as string | string[]) : [];
}

/** Which file serves which path, read from the sources (configuredPaths), in routing order. */
export function functionIndex(root = process.cwd()): { file: string; path: string; pattern: RegExp }[] {
  return functionFiles(root).flatMap((file) =>
    configuredPaths(file).map((p) => ({ file, path: p, pattern: patternOf(p) })),
  );
}

export interface LazyFunctions {
  /** The function of a configured path (`/api/delete-post/:id`), imported on first use. */
  byPath(configured: string): Promise<LoadedFunction | undefined>;
  /** The function that serves a request's path, as `route` finds it, imported on first use. */
  route(pathname: string): Promise<LoadedFunction | undefined>;
}

/**
 * The functions, each imported when a call first needs it: a test file that calls three
 * endpoints imports three of the 110 (importing all of them took 1-2 s of each file). Which file
 * serves which path is read from the sources; an imported file whose `config.path` says otherwise
 * than its source was read to say is an error.
 */
export function lazyFunctions(root = process.cwd(), given?: () => GivenPorts): LazyFunctions {
  const index = functionIndex(root);
  const loaded = new Map<string, Promise<LoadedFunction[]>>();
  const load = async (entry: { file: string; path: string } | undefined) => {
    if (!entry) return undefined;
    let fns = loaded.get(entry.file);
    if (!fns) {
      fns = loadFile(entry.file, given).then((list) => {
        const read = index.filter((e) => e.file === entry.file).map((e) => e.path);
        if (JSON.stringify(list.map((f) => f.path)) !== JSON.stringify(read))
          throw new Error(
            `${entry.file}: config.path is not ${JSON.stringify(read)} as read from its source`,
          );
        return list;
      });
      loaded.set(entry.file, fns);
    }
    return (await fns).find((f) => f.path === entry.path);
  };
  return {
    byPath: (configured) => load(index.find((e) => e.path === configured)),
    route: (pathname) => load(route(index, pathname)),
  };
}

/** The first function (or index entry) whose path matches `pathname`, as the platform routes. */
export function route<F extends { pattern: RegExp }>(fns: readonly F[], pathname: string): F | undefined {
  return fns.find((f) => f.pattern.test(pathname));
}

/** Which function serves which path, read from the sources once. */
let index: ReturnType<typeof functionIndex> | undefined;

/**
 * Calls a function's default export in-process as the platform would: with the `context.params`
 * of the configured path that `req` matches (for tests that import a function directly).
 */
export async function callAsPlatform(
  handler: (req: Request, ctx: never, given?: GivenPorts) => Promise<Response>,
  req: Request,
  extra: Record<string, unknown> = {},
  given?: GivenPorts,
): Promise<Response> {
  const pathname = new URL(req.url).pathname;
  const fn = route((index ??= functionIndex()), pathname);
  const call = handler as (req: Request, ctx: unknown, given?: GivenPorts) => Promise<Response>;
  return call(req, { ...extra, params: fn ? (paramsOf(fn.path, pathname) ?? {}) : {} }, given);
}
