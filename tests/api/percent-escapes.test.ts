/**
 * Malformed percent-escapes in a path name nothing: they get a 4xx JSON answer, never a 500, and
 * write no error-level log line (which anyone could otherwise use to fill the error log). The
 * hostile run (tests/api/hostile.test.ts) sends them to every endpoint; these are the two
 * requests the outside probe found, the page paths the local server refuses before routing
 * (tests/unit/local-server.test.ts sends them over a socket), plus the page menu's decoding.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { activeNav } from "../../src/config/site";
import { log } from "../../src/server/platform/log";
import { refusalOf } from "../../scripts/lib/local-server";
import { apiHarness, type ApiHarness } from "../helpers/api";
import { BAD_ESCAPES } from "../helpers/hostile";

const BASE = "http://localhost:4321";
let api: ApiHarness;

beforeAll(async () => {
  api = await apiHarness();
});
afterAll(() => api.close());
afterEach(() => vi.restoreAllMocks());

describe("malformed percent-escapes", () => {
  it.each([
    "/api/media/public/%ff%fe",
    "/api/files/%E0%A4%A?exp=1&sig=x&name=x",
    ...BAD_ESCAPES.map((esc) => `/api/media/public/${esc}.webp`),
    ...BAD_ESCAPES.map((esc) => `/api/files/private/${esc}?exp=1&sig=x&name=x`),
  ])("GET %s answers 4xx JSON and logs no error", async (path) => {
    const errors = vi.spyOn(log, "error");
    // The path exactly as the probe sent it, to the function that serves it (media or files).
    const res = await api.send(new Request(`${BASE}${path}`));
    expect([400, 404]).toContain(res.status);
    expect(await res.json()).toHaveProperty("error");
    expect(errors).not.toHaveBeenCalled();
  });

  it.each([
    "/blog/%E0%A4%A",
    "/%ff",
    "/privacy/%E0",
    "/_astro/%E0%A4%A",
    ...BAD_ESCAPES.map((esc) => `/blog/${esc}`),
    ...BAD_ESCAPES.map((esc) => `/_astro/${esc}.js?v=1`),
  ])("the page path %s is a 404 on the local server, before routing", (url) => {
    expect(refusalOf({ method: "GET", url })).toMatchObject({ status: 404 });
  });

  it("the page menu treats a malformed path as no menu entry", () => {
    expect(activeNav("/%ff%fe")).toBe("%ff%fe");
    expect(activeNav("/contact")).toBe("contact");
    expect(activeNav("/a%20b")).toBe("a b");
  });
});
