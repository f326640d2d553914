/**
 * The dashboard's one fetch helper: JSON in, JSON out, the server's { error } text on failure.
 * A 401 means the session ended (logout elsewhere, a role change, expiry): the page goes back to
 * sign-in, replacing itself so that Back does not return to a dashboard that cannot load.
 */
export class ApiError extends Error {
  constructor(
    public status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Fetches JSON from the site's API; a failed answer throws an ApiError carrying the server's message. */
export async function api<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, ...rest } = init;
  const headers = new Headers(rest.headers);
  let body = rest.body;
  if (json !== undefined) body = JSON.stringify(json);
  if (typeof body === "string") headers.set("content-type", "application/json");
  let res: Response;
  try {
    res = await fetch(path, { credentials: "same-origin", ...rest, headers, body });
  } catch {
    throw new ApiError(0, "The server could not be reached. Check your connection and try again.");
  }
  const data = (await res.json().catch(() => ({}))) as T & { error?: string };
  if (res.status === 401) {
    window.location.replace("/admin");
    throw new ApiError(401, "Your session has ended. Please sign in again.");
  }
  if (!res.ok) throw new ApiError(res.status, data.error ?? `The request failed (${res.status}).`);
  return data;
}

export const errorText = (err: unknown) =>
  err instanceof Error ? err.message : "Something went wrong. Please try again.";

export interface Profile {
  email: string;
  role: string;
  profile_image: string;
}
