/**
 * Malformed percent-escapes in a path name nothing: they get a 4xx JSON answer, never a 500, and
 * write no error-level log line (which anyone could otherwise use to fill the error log). The
 * hostile run (tests/api/hostile.test.ts) sends them to every endpoint; these are the two
 * requests the outside probe found, plus the page menu's decoding.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { activeNav } from "../../src/config/site";
import { log } from "../../src/server/platform/log";
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

  it("the page menu treats a malformed path as no menu entry", () => {
    expect(activeNav("/%ff%fe")).toBe("%ff%fe");
    expect(activeNav("/contact")).toBe("contact");
    expect(activeNav("/a%20b")).toBe("a b");
  });
});
