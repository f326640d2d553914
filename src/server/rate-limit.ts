/**
 * Fixed-window rate limits kept in the database, so every function instance shares them.
 * One upsert per check: it works the same on Neon, PostgreSQL and the embedded PGlite.
 */
import type { App } from "./app";
import { HttpError } from "./http";

export interface Limit {
  bucket: string;
  max: number;
  windowSeconds: number;
}

export interface LimitResult {
  ok: boolean;
  count: number;
  retryAfter: number;
}

export async function hit(app: App, limit: Limit, key: string): Promise<LimitResult> {
  if (!app.env.rateLimits) return { ok: true, count: 0, retryAfter: 0 };
  const db = await app.db();
  const nowMs = app.now().getTime();
  const windowMs = limit.windowSeconds * 1000;
  const start = new Date(Math.floor(nowMs / windowMs) * windowMs);
  const rows = await db.query<{ count: number }>(
    `INSERT INTO rate_limits (bucket, key, window_start, count) VALUES ($1, $2, $3, 1)
     ON CONFLICT (bucket, key, window_start) DO UPDATE SET count = rate_limits.count + 1
     RETURNING count`,
    [limit.bucket, key, start.toISOString()],
  );
  if (Math.random() < 0.01) {
    await db.query("DELETE FROM rate_limits WHERE window_start < $1", [
      new Date(nowMs - 2 * 86_400_000).toISOString(),
    ]);
  }
  const count = Number(rows[0]?.count ?? 0);
  const retryAfter = Math.max(1, Math.ceil((start.getTime() + windowMs - nowMs) / 1000));
  return { ok: count <= limit.max, count, retryAfter };
}

/** Counts one request against the limit for this client and refuses it with 429 past the limit. */
export async function enforce(app: App, limit: Limit, key = app.clientKey): Promise<void> {
  const r = await hit(app, limit, key);
  if (!r.ok) {
    throw new HttpError(429, "Too many requests. Please wait a little and try again.", {
      "Retry-After": String(r.retryAfter),
    });
  }
}
