/**
 * GET /api/openapi.json: the API's OpenAPI document, as the build wrote it, for any signed-in
 * staff member; anonymous callers and revoked sessions get 401 like at every staff endpoint.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import openapiFn from "../../netlify/functions/openapi";
import { openApiDocument } from "../../src/shared/api/openapi";
import { apiDb, type TestDb } from "../helpers/db";
import { call } from "../helpers/dashboard-call";
import { CALLERS, staffSessions, type StaffCookies } from "../helpers/dashboard-sessions";
import { withPorts } from "../helpers/ports";

let t: TestDb;
const openapi = withPorts(openapiFn, () => ({ db: t.db }));
let s: StaffCookies;
beforeAll(async () => {
  t = await apiDb();
  s = await staffSessions(t.db);
});
afterAll(async () => {
  await t.close();
});

describe("GET /api/openapi.json", () => {
  it.each(CALLERS)("as %s", async (caller) => {
    const res = await call(openapi, "/api/openapi.json", { cookie: s.cookies[caller] });
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
    const res = await call(openapi, "/api/openapi.json", {
      method: "POST",
      cookie: s.cookies.admin,
      json: {},
    });
    expect(res.status).toBe(405);
  });
});
