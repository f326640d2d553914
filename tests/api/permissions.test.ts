/**
 * Who may call each staff endpoint, derived from the permissions (src/shared/staff/permissions.ts):
 * every staff contract x every role and no session, through the harness. No session is a 401; a
 * role without the contract's permission a 403 that says why, before anything is read; a role
 * with it is let through (its sample input is then refused or answered on its merits, changing
 * nothing: ids that name no record, empty bodies).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTRACTS } from "../../src/shared/api";
import type { Contract } from "../../src/shared/api/contract";
import { GRANTS, isStaffPermission, may, refusal } from "../../src/shared/staff/permissions";
import type { Role } from "../../src/shared/staff/staff";
import { apiHarness, type ApiHarness } from "../helpers/api";

const STAFF = CONTRACTS.filter((c) => isStaffPermission(c.access));
const ROLES = Object.keys(GRANTS) as Role[];
const REFUSALS = new Set(STAFF.flatMap((c) => ROLES.map((r) => refusal(r, c.access as never))));

/** Path ids that name no record (a session handle where the path takes one). */
const paramsOf = (c: Contract) =>
  Object.fromEntries(
    [...c.path.matchAll(/:(\w+)/g)].map(([, name]) => [name!, c.params?.[name!] ? "abcdefghijkl" : 999_999]),
  );

let api: ApiHarness;
beforeAll(async () => {
  api = await apiHarness();
});
afterAll(() => api.close());

const call = (c: Contract, as?: Role) =>
  api.call(c, { as, params: paramsOf(c), body: c.method === "GET" ? undefined : {} });

describe("every staff endpoint", () => {
  it("is a list derived from the contracts", () => {
    expect(STAFF.length).toBeGreaterThan(50);
  });

  it.each(STAFF.map((c) => [`${c.method} ${c.path}`, c] as const))(
    "%s without a session: 401",
    async (_, c) => {
      const res = await call(c);
      expect(res.status).toBe(401);
    },
  );

  const cases = STAFF.flatMap((c) => ROLES.map((role) => [`${c.method} ${c.path}`, role, c] as const));
  it.each(cases)("%s as %s: as its permission says", async (_, role, c) => {
    const res = await call(c, role);
    const body = (await res
      .clone()
      .json()
      .catch(() => ({}))) as { error?: string };
    if (may(role, c.access as never)) {
      expect(res.status, body.error).not.toBe(401);
      expect(REFUSALS.has(body.error ?? ""), body.error).toBe(false);
    } else {
      expect(res.status).toBe(403);
      expect(body.error).toBe(refusal(role, c.access as never));
    }
  });
});
