/**
 * A function bundled without the staff check (scripts/bundle-functions.mjs defines
 * STAFF_GATE as "absent" for functions whose contracts need no staff member) fails closed
 * should a staff contract reach it: a 500, never the handler, whoever calls.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { apiHarness, type ApiHarness } from "../helpers/api";
import { getUsersApi } from "../../src/shared/staff/api";
import { jobsApi } from "../../src/shared/careers/api";

let api: ApiHarness;
beforeAll(async () => {
  api = await apiHarness();
});
afterAll(() => api.close());
afterEach(() => vi.unstubAllEnvs());

describe("a build without the staff check", () => {
  it("answers a staff contract with a 500 and never runs its handler", async () => {
    vi.stubEnv("STAFF_GATE", "absent");
    for (const as of ["root_admin", undefined] as const) {
      const res = await api.call(getUsersApi, { as });
      expect(res.status).toBe(500);
      expect(JSON.stringify(await res.json())).not.toContain("@");
    }
  });

  it("still answers a public contract", async () => {
    vi.stubEnv("STAFF_GATE", "absent");
    expect((await api.call(jobsApi)).status).toBe(200);
  });

  it("asks for the session as usual when built with it", async () => {
    expect((await api.call(getUsersApi, { as: "root_admin" })).status).toBe(200);
    expect((await api.call(getUsersApi)).status).toBe(401);
  });
});
