/**
 * Expiry and pruning live in the daily housekeeping job alone (src/server/privacy/housekeeping.ts):
 * no request prunes by age or by chance, so no visitor or staff member waits for it.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? files(p) : p.endsWith(".ts") ? [p] : [];
  });
}

const requestCode = [...files(path.join(root, "src/server")), ...files(path.join(root, "netlify/functions"))]
  .filter((f) => !f.includes(`${path.sep}privacy${path.sep}`) && !f.endsWith("housekeeping.ts"))
  .map((f) => ({ file: path.relative(root, f), text: readFileSync(f, "utf8") }));

describe("housekeeping in one scheduled place", () => {
  it("no request code prunes at random", () => {
    expect(requestCode.filter((f) => /Math\.random\(\)\s*</.test(f.text)).map((f) => f.file)).toEqual([]);
  });

  it("no request code deletes rows by age (window_start, expires_at, created_at or at before a time)", () => {
    const byAge = /DELETE FROM \w+[^"`]*WHERE[^"`]*(window_start|expires_at|created_at|\bat)\s*</i;
    expect(requestCode.filter((f) => byAge.test(f.text)).map((f) => f.file)).toEqual([]);
  });

  it("the job is the only scheduled function that prunes, and it runs daily", async () => {
    const mod = await import("../../netlify/functions/housekeeping");
    expect(mod.config.schedule).toBe("@daily");
    expect(requestCode.some((f) => f.file.endsWith("prune-audit.ts"))).toBe(false);
  });
});
