/** Small request helpers of the dashboard endpoints. */
import { parseId } from "./http";

/** The id at the end of a path such as /api/delete-post/12 (a 400 for anything but a positive whole number). */
export function idFromPath(req: Request, prefix: string, name = "id"): number {
  const path = new URL(req.url).pathname;
  const rest = path.startsWith(prefix) ? path.slice(prefix.length).replace(/^\/+|\/+$/g, "") : "";
  return parseId(rest.includes("/") ? undefined : rest, name);
}
