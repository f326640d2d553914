/**
 * The dashboard's calls: the API client (src/islands/lib/api-client.ts) with the dashboard's
 * rules. A failed answer throws an ApiError carrying the server's { error } text; a 401 means the
 * session ended (logout elsewhere, a role change, expiry): the page goes back to sign-in,
 * replacing itself so that Back does not return to a dashboard that cannot load.
 */
import type { Contract, ParamNames, ResponseOf } from "../../shared/api/contract";
import type { Route } from "../../shared/api/route";
import type { profileApi } from "../../shared/staff/api";
import { send, type Answer, type CallInput } from "../lib/api-client";

export class ApiError extends Error {
  constructor(
    public status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Calls an endpoint and answers its success; a refusal or an unreachable server throws an ApiError. */
export async function api<C extends Contract>(
  route: Route<C>,
  ...input: [ParamNames<C["path"]>] extends [never] ? [CallInput<C>?] : [CallInput<C>]
): Promise<ResponseOf<C>> {
  let answer: Answer<C>;
  try {
    answer = await send(route, ...input);
  } catch {
    throw new ApiError(0, "The server could not be reached. Check your connection and try again.");
  }
  if (answer.status === 401) {
    window.location.replace("/admin");
    throw new ApiError(401, "Your session has ended. Please sign in again.");
  }
  if (!answer.ok) {
    const error = (answer.data as { error?: unknown }).error;
    throw new ApiError(
      answer.status,
      typeof error === "string" ? error : `The request failed (${answer.status}).`,
    );
  }
  return answer.data;
}

/**
 * A call a screen's module starts as soon as it runs (the app fetches the screen's code beside the
 * session check, before anything renders), so its answer is on its way before the screen mounts.
 * `now()` is that answer once it came (the first render shows it at once); `take()` hands the call
 * to the first mount, and calls again for a later one.
 */
export function earlyCall<C extends Contract>(
  route: Route<C>,
): { now: () => ResponseOf<C> | undefined; take: () => Promise<ResponseOf<C>> } {
  // A call without input: a screen's first list, whose route has no params.
  const call = () => (api as (r: Route<C>) => Promise<ResponseOf<C>>)(route);
  let first: Promise<ResponseOf<C>> | undefined = call();
  let answer: ResponseOf<C> | undefined;
  // Handled by the mount that takes it; none may come (a role the screen is not for).
  first.then(
    (a) => (answer = a),
    () => {},
  );
  return {
    now: () => answer,
    take: () => {
      const taken = first ?? call();
      first = undefined;
      answer = undefined;
      return taken;
    },
  };
}

export const errorText = (err: unknown) =>
  err instanceof Error ? err.message : "Something went wrong. Please try again.";

/** The signed-in member's profile (GET /api/profile). */
export type Profile = ResponseOf<typeof profileApi>;
