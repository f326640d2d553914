/**
 * What a caller needs of a contract at run time: its method and path. Zod-free, so that an island
 * without schemas (the thank-you page, the sign-in form, the careers questions) can call an
 * endpoint through a route its page hands it (`routeOf(contract)`), typed by the contract.
 */

/** The contract's type, carried by the route for the client's types (never a value). */
export interface Typed<C> {
  readonly "~contract"?: C;
}

export interface Route<C = unknown> extends Typed<C> {
  readonly method: string;
  readonly path: string;
}

/** The route of a contract: a plain object a page can hand an island as a prop. */
export const routeOf = <C extends Route>(c: C): Route<C extends Typed<infer T> ? T : never> => ({
  method: c.method,
  path: c.path,
});

/** The path with its `:name` segments filled in (each value URL-encoded). */
export function fillPath(path: string, params: Readonly<Record<string, string | number>> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined) throw new Error(`${path}: the path parameter ${name} is missing`);
    return encodeURIComponent(String(v));
  });
}

/** The address of a call: the filled path and the query string (undefined and null left out). */
export function urlOf(
  c: { readonly path: string },
  params?: Readonly<Record<string, string | number>>,
  query?: Readonly<Record<string, string | number | boolean | undefined | null>>,
): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) q.set(k, String(v));
  const s = q.toString();
  return `${fillPath(c.path, params)}${s ? `?${s}` : ""}`;
}

/** A regular expression for a contract's path (as Netlify matches `config.path`). */
export function pathPattern(path: string): RegExp {
  const re = path
    .split(/(\/:\w+|\*)/)
    .map((part) => {
      if (part === "*") return ".*";
      if (/^\/:\w+$/.test(part)) return "/[^/]+";
      return part.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("");
  return new RegExp(`^${re}$`);
}
