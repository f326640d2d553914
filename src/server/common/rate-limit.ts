/**
 * Fixed-window rate limits kept in the database, so every function instance shares them.
 * One upsert per check: it works the same on Neon, PostgreSQL and the embedded PGlite. Old
 * windows are deleted by the daily housekeeping job (src/server/privacy/housekeeping.ts), never
 * inside a request. While the database cannot be reached, each instance counts in its own memory,
 * so a request that needs no database (the contact form's mail to sales) is still limited.
 */
import { createHmac } from "node:crypto";
import type { Deps } from "./deps";
import { isUnavailable, type Db } from "../platform/db/db";
import { RateLimited } from "./errors";

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

type LimitDeps = Pick<Deps, "db" | "now" | "env">;

export async function hit(deps: LimitDeps, limit: Limit, key: string): Promise<LimitResult> {
  if (!deps.env.rateLimits) return { ok: true, count: 0, retryAfter: 0 };
  const db = deps.db;
  const nowMs = deps.now().getTime();
  const windowMs = limit.windowSeconds * 1000;
  const start = new Date(Math.floor(nowMs / windowMs) * windowMs);
  let count: number;
  try {
    const rows = await db.query<{ count: number }>(
      `INSERT INTO rate_limits (bucket, key, window_start, count) VALUES ($1, $2, $3, 1)
       ON CONFLICT (bucket, key, window_start) DO UPDATE SET count = rate_limits.count + 1
       RETURNING count`,
      [limit.bucket, key, start.toISOString()],
    );
    count = Number(rows[0]?.count ?? 0);
  } catch (err) {
    if (!isUnavailable(err)) throw err;
    count = countInMemory(`${limit.bucket}\n${key}`, start.getTime() + windowMs, nowMs);
  }
  const retryAfter = Math.max(1, Math.ceil((start.getTime() + windowMs - nowMs) / 1000));
  return { ok: count <= limit.max, count, retryAfter };
}

/** This instance's counters while the database is away: key -> the window's end and its count. */
const inMemory = new Map<string, { end: number; count: number }>();

function countInMemory(key: string, end: number, nowMs: number): number {
  if (inMemory.size > 10_000) for (const [k, w] of inMemory) if (w.end <= nowMs) inMemory.delete(k);
  const w = inMemory.get(key);
  const next = w && w.end === end ? { end, count: w.count + 1 } : { end, count: 1 };
  inMemory.set(key, next);
  return next.count;
}

export const TOO_MANY_REQUESTS = "Too many requests. Please wait a little and try again.";

/**
 * Counts one request against the limit for `key` (a client's key, from the HTTP layer, or a
 * hash of an address) and refuses it with RateLimited past the limit.
 */
export async function enforce(deps: LimitDeps, limit: Limit, key: string): Promise<void> {
  const r = await hit(deps, limit, key);
  if (!r.ok) throw new RateLimited(TOO_MANY_REQUESTS, r.retryAfter);
}

/** The start of the fixed window that holds `nowMs`. */
export function windowStart(nowMs: number, windowSeconds: number): Date {
  const windowMs = windowSeconds * 1000;
  return new Date(Math.floor(nowMs / windowMs) * windowMs);
}

export const DAY_SECONDS = 86_400;

/** Seconds until the next UTC day, when every daily counter starts again. */
export function secondsToNextDay(now: Date): number {
  return Math.max(
    1,
    Math.ceil(
      (windowStart(now.getTime(), DAY_SECONDS).getTime() + DAY_SECONDS * 1000 - now.getTime()) / 1000,
    ),
  );
}

/**
 * Adds `by` to a counter of the current window in one statement (safe under concurrency, usable
 * inside a transaction) and returns the new count. Unlike hit(), it is never switched off: the
 * daily caps on codes and mail protect people, not capacity.
 */
export async function bump(
  db: Db,
  bucket: string,
  key: string,
  opts: { now: Date; windowSeconds: number; by?: number },
): Promise<number> {
  const rows = await db.query<{ count: number }>(
    `INSERT INTO rate_limits (bucket, key, window_start, count) VALUES ($1, $2, $3, $4::int)
     ON CONFLICT (bucket, key, window_start) DO UPDATE SET count = rate_limits.count + $4::int
     RETURNING count`,
    [bucket, key, windowStart(opts.now.getTime(), opts.windowSeconds).toISOString(), opts.by ?? 1],
  );
  return Number(rows[0]?.count ?? 0);
}

/** Reads a counter of the current window without changing it. */
export async function peek(
  db: Db,
  bucket: string,
  key: string,
  opts: { now: Date; windowSeconds: number },
): Promise<number> {
  const rows = await db.query<{ count: number }>(
    "SELECT count FROM rate_limits WHERE bucket = $1 AND key = $2 AND window_start = $3",
    [bucket, key, windowStart(opts.now.getTime(), opts.windowSeconds).toISOString()],
  );
  return Number(rows[0]?.count ?? 0);
}

/** Marks a one-off event of the current window; true only the first time (e.g. one notice a day). */
export async function firstTime(
  db: Db,
  bucket: string,
  key: string,
  opts: { now: Date; windowSeconds: number },
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO rate_limits (bucket, key, window_start, count) VALUES ($1, $2, $3, 1)
     ON CONFLICT (bucket, key, window_start) DO NOTHING RETURNING count`,
    [bucket, key, windowStart(opts.now.getTime(), opts.windowSeconds).toISOString()],
  );
  return rows.length > 0;
}

/** A counter key for an e-mail address: an HMAC, so rate_limits holds no addresses. */
export function emailKey(secret: string, email: string): string {
  return createHmac("sha256", `limit:${secret}`)
    .update(email.trim().toLowerCase())
    .digest("base64url")
    .slice(0, 32);
}
