/** Small fetch helpers of the dashboard shell: JSON in, JSON out, the server's error text on failure. */
export class ApiError extends Error {
  constructor(
    public status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.body && typeof init.body === "string") headers.set("content-type", "application/json");
  const res = await fetch(path, { ...init, headers, credentials: "same-origin" });
  const data = (await res.json().catch(() => ({}))) as T & { error?: string };
  if (res.status === 401) {
    // The session ended (logout elsewhere, role change, expiry): back to sign-in.
    window.location.replace("/admin");
  }
  if (!res.ok) throw new ApiError(res.status, data.error ?? `The request failed (${res.status}).`);
  return data;
}

export interface Profile {
  email: string;
  role: string;
  profile_image: string;
}
