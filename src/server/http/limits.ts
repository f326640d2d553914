/** The per-client rate limit of an endpoint: the client's key comes from the request. */
import type { App } from "./endpoint";
import { enforce, type Limit } from "../common/rate-limit";

/** Counts this request against `limit` for the calling client (429 past it). */
export function limitClient(app: App, limit: Limit): Promise<void> {
  return enforce(app.deps, limit, app.clientKey);
}
