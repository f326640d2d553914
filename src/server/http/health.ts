/**
 * Health of a deployment, for operators: one round trip to each part (database, storage, mail)
 * and whether the database has every migration of db/. Nothing here reveals a secret: parts are
 * named by kind, failures by an error code or name, never a message or an address.
 */
import { readdir } from "node:fs/promises";
import path from "node:path";
import type { App } from "./app";
import { MIGRATIONS_DIR } from "../platform/db/migrate";

export interface PartHealth {
  ok: boolean;
  /** Milliseconds for one round trip; null when it failed. */
  roundTripMs: number | null;
  /** An error code or name (ECONNREFUSED, NoSuchBucket, timeout...), never a message. */
  problem?: string;
}

export interface HealthReport {
  ok: boolean;
  adapters: { database: string; storage: string; mail: string };
  migrations: { current: boolean | null; applied: number; pending: string[] };
  parts: { database: PartHealth; storage: PartHealth; mail: PartHealth };
  /** Demo content still published: the trust center's example documents, by id. */
  examples: { trustDocuments: string[] };
}

export const CHECK_TIMEOUT_MS = 5000;
/** A well-formed key that is never written: reading it proves the bucket answers. */
export const PROBE_KEY = "private/00000000-0000-4000-8000-000000000000.txt";

function problemOf(err: unknown): string {
  const e = err as { code?: unknown; name?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  if (typeof code === "string" && /^[\w.-]{1,40}$/.test(code)) return code;
  if (typeof e?.name === "string" && /^\w{1,40}$/.test(e.name) && e.name !== "Error") return e.name;
  return "failed";
}

async function timed<T>(fn: () => Promise<T>): Promise<{ part: PartHealth; value?: T }> {
  const start = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const value = await Promise.race([
      fn(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(Object.assign(new Error("timeout"), { code: "timeout" })),
          CHECK_TIMEOUT_MS,
        );
      }),
    ]);
    return { part: { ok: true, roundTripMs: Math.round(performance.now() - start) }, value };
  } catch (err) {
    return { part: { ok: false, roundTripMs: null, problem: problemOf(err) } };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The migration files the code expects: db/NNN_name.sql, shipped beside a deployed function
 * (netlify.toml included_files) in its task root, or in the working directory locally.
 */
async function expectedMigrations(taskRoot: string | undefined): Promise<string[] | undefined> {
  for (const dir of [...(taskRoot ? [path.join(taskRoot, "db")] : []), MIGRATIONS_DIR]) {
    try {
      return (await readdir(dir)).filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f)).sort();
    } catch {
      // not here; try the next place
    }
  }
  return undefined;
}

/** SES answers any HTTPS request; the round trip proves the endpoint is reachable. */
async function pingSes(app: App): Promise<void> {
  const m = app.deps.env.mail;
  if (m.kind !== "ses") return;
  const url = m.endpoint ?? `https://email.${m.region}.amazonaws.com/`;
  const res = await fetch(url, { method: "GET", signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
  await res.body?.cancel();
}

/** The trust center's example documents still published (the demo ones `npm start` seeds). */
async function exampleDocuments(app: App): Promise<string[]> {
  try {
    const rows = await app.deps.db.query<{ id: string }>(
      "SELECT id FROM trust_documents WHERE published AND example ORDER BY id",
    );
    return rows.map((r) => r.id);
  } catch {
    return [];
  }
}

export async function checkHealth(app: App): Promise<HealthReport> {
  const e = app.deps.env;
  const [database, storage, mail, expected] = await Promise.all([
    timed(async () => {
      const db = app.deps.db;
      return (await db.query<{ version: string }>("SELECT version FROM schema_migrations")).map(
        (r) => r.version,
      );
    }),
    timed(async () => {
      await app.deps.storage.get(PROBE_KEY);
    }),
    timed(() => pingSes(app)),
    expectedMigrations(e.taskRoot),
  ]);
  const applied = new Set(database.value ?? []);
  const pending = expected ? expected.filter((f) => !applied.has(f)) : [];
  const current = !database.part.ok || !expected ? null : pending.length === 0;
  return {
    ok: database.part.ok && storage.part.ok && mail.part.ok && current === true,
    adapters: {
      database: e.database.driver === "none" ? "embedded (pglite)" : e.database.driver,
      storage: e.storage.kind === "s3" ? (e.storage.endpoint ? "s3 (custom endpoint)" : "s3") : "local files",
      mail: e.mail.kind === "ses" ? (e.mail.endpoint ? "ses (custom endpoint)" : "ses") : "outbox",
    },
    migrations: { current, applied: applied.size, pending },
    parts: { database: database.part, storage: storage.part, mail: mail.part },
    examples: { trustDocuments: current ? await exampleDocuments(app) : [] },
  };
}
