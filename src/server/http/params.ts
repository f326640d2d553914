/**
 * Path parameters come from the platform: Netlify matches the function's `config.path`
 * (`/api/delete-user/:id`) and hands the named segments to the function as `context.params`.
 * The local server and the rehearsal do the same (scripts/lib/functions.ts).
 */
import type { Context } from "@netlify/functions";
import { badRequest } from "./errors";

/** Parses a positive integer id from a path segment; anything else is a 400. */
export function parseId(value: string | undefined, name = "id"): number {
  if (!value || !/^\d{1,9}$/.test(value) || Number(value) < 1)
    throw badRequest(`The ${name} must be a positive whole number.`);
  return Number(value);
}

/** A path parameter as given, or undefined when the matched path has none by that name. */
export function pathParam(context: Partial<Context> | undefined, name: string): string | undefined {
  return context?.params?.[name];
}

/** A positive whole-number id from the path (`:id` by default); anything else is a 400 naming `label`. */
export function idParam(context: Partial<Context> | undefined, name = "id", label = name): number {
  return parseId(pathParam(context, name), label);
}

/**
 * The rest of the request's path after `prefix` (`/api/media/`), percent-decoded; undefined when
 * it holds a malformed escape (`%ff`, `%E0%A4%A`), which names nothing: the caller answers 4xx
 * instead of letting decodeURIComponent's URIError become a 500.
 */
export function pathAfter(req: Request, prefix: string): string | undefined {
  const raw = new URL(req.url).pathname;
  if (!raw.startsWith(prefix)) return undefined;
  try {
    return decodeURIComponent(raw.slice(prefix.length));
  } catch {
    return undefined;
  }
}
