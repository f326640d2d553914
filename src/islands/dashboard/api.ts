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

export const errorText = (err: unknown) =>
  err instanceof Error ? err.message : "Something went wrong. Please try again.";

/** The signed-in member's profile (GET /api/profile). */
export type Profile = ResponseOf<typeof profileApi>;
