/**
 * Path parameters come from the platform: Netlify matches the function's `config.path`
 * (`/api/delete-user/:id`) and hands the named segments to the function as `context.params`.
 * The local server and the rehearsal do the same (scripts/lib/functions.ts).
 */
import type { Context } from "@netlify/functions";
import { parseId } from "./http";

/** A path parameter as given, or undefined when the matched path has none by that name. */
export function pathParam(context: Partial<Context> | undefined, name: string): string | undefined {
  return context?.params?.[name];
}

/** A positive whole-number id from the path (`:id` by default); anything else is a 400 naming `label`. */
export function idParam(context: Partial<Context> | undefined, name = "id", label = name): number {
  return parseId(pathParam(context, name), label);
}
