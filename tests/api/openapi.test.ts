/**
 * GET /api/openapi.json: the API's OpenAPI document, as the build wrote it, for any signed-in
 * staff member; anonymous callers and revoked sessions get 401 like at every staff endpoint.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApiDocument } from "../../src/shared/api/openapi";
import { openApiApi } from "../../src/shared/api/platform";
import { apiHarness, type ApiHarness } from "../helpers/api";
import { CALLERS } from "../helpers/staff-matrix";

let api: ApiHarness;
beforeAll(async () => {
  api = await apiHarness();
});
afterAll(() => api.close());

describe("GET /api/openapi.json", () => {
  it.each(CALLERS)("as %s", async (caller) => {
    const res = await api.call(openApiApi, { as: caller });
    if (caller === "anonymous" || caller === "revoked") {
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: string }).error).toBe("Please sign in to continue.");
      return;
    }
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(await res.json()).toEqual(openApiDocument());
  });

  it("takes GET only", async () => {
    const res = await api.call(openApiApi, { method: "POST", as: "admin", body: {} });
    expect(res.status).toBe(405);
  });
});
