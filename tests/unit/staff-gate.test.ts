/**
 * The staff check as the functions ship (scripts/bundle-functions.mjs): a function with a contract
 * that needs a staff member carries the permission check (requirePermission, with the session
 * check behind it); a function none of whose contracts does is bundled without it (and so, unless
 * it reads a session of its own, without jose). Both lists are derived from the contracts and each
 * function's `config.path`, so a new function is covered without editing this file.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleFunctions, configPaths, functionEntries } from "../../scripts/bundle-functions.mjs";
import { CONTRACTS } from "../../src/shared/api";
import { isStaffPermission } from "../../src/shared/staff/permissions";

const out = mkdtempSync(path.join(os.tmpdir(), "staff-gate-"));
const functions = functionEntries().map((file) => {
  const paths = configPaths(readFileSync(file, "utf8")) as string[];
  const staff = CONTRACTS.some((c) => paths.includes(c.path) && isStaffPermission(c.access));
  return { name: path.basename(file).replace(/\.[^.]+$/, ""), staff };
});
const bundled = (name: string) => readFileSync(path.join(out, "functions", `${name}.mjs`), "utf8");

beforeAll(async () => {
  await bundleFunctions(out);
}, 120_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe("the staff check in the shipped functions", () => {
  it("is derived over both kinds of function", () => {
    expect(functions.filter((f) => f.staff).length).toBeGreaterThan(10);
    expect(functions.filter((f) => !f.staff).length).toBeGreaterThan(10);
  });

  it.each(functions.filter((f) => f.staff).map((f) => f.name))("%s carries it", (name) => {
    expect(bundled(name).includes("function requirePermission("), "the permission check").toBe(true);
  });

  it.each(functions.filter((f) => !f.staff).map((f) => f.name))("%s is built without it", (name) => {
    expect(bundled(name).includes("function requirePermission("), "the permission check").toBe(false);
  });
});
