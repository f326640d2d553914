/** `npm run db:seed` seeds only the embedded database unless told otherwise. */
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");

async function seed(args: string[], extra: Record<string, string>) {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "",
    ...extra,
  };
  try {
    const r = await run(process.execPath, ["--import", "tsx", "scripts/db-seed.ts", ...args], {
      cwd: ROOT,
      env,
      timeout: 60_000,
    });
    return { code: 0, out: r.stdout + r.stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, out: `${e.stdout ?? ""}${e.stderr ?? ""}` };
  }
}

describe("npm run db:seed", () => {
  it("refuses the database of DATABASE_URL without --allow-remote, before connecting", async () => {
    // Nothing listens there: a refusal that came after a connection attempt would say so.
    const r = await seed([], { DATABASE_URL: "postgres://postgres@127.0.0.1:1/postgres" });
    expect(r.code).toBe(1);
    expect(r.out).toContain("--allow-remote");
    expect(r.out).not.toMatch(/ECONNREFUSED|unavailable/i);
  });

  it("goes on to the database with --allow-remote", async () => {
    const r = await seed(["--allow-remote"], { DATABASE_URL: "postgres://postgres@127.0.0.1:1/postgres" });
    expect(r.code).not.toBe(0);
    expect(r.out).not.toContain("--allow-remote");
    expect(r.out).toMatch(/ECONNREFUSED|unavailable/i); // it tried
  });

  it("refuses inside a deployed function", async () => {
    const r = await seed([], {
      AWS_LAMBDA_FUNCTION_NAME: "seed",
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "seed-")),
    });
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/not configured for deployment|deployed/);
  });
});
