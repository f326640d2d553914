/**
 * Malformed percent-escapes in a path name nothing: they get a 4xx JSON answer, never a 500, and
 * write no error-level log line (which anyone could otherwise use to fill the error log). The
 * hostile run (tests/api/hostile.test.ts) sends them to every endpoint; these are the two
 * requests the outside probe found, plus the page menu's decoding.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import filesFn from "../../netlify/functions/files";
import mediaFn from "../../netlify/functions/media";
import { activeNav } from "../../src/config/site";
import { log } from "../../src/server/platform/log";
import { apiDb, type TestDb } from "../helpers/db";
import { BAD_ESCAPES } from "../helpers/hostile";
import { withPorts, type GivenPorts } from "../helpers/ports";

/** The back ends every call of this file's functions gets (tests/helpers/ports.ts). */
let ports: GivenPorts = {};
const files = withPorts(filesFn, () => ports);
const media = withPorts(mediaFn, () => ports);

const BASE = "http://localhost:4321";
let t: TestDb;

beforeAll(async () => {
  t = await apiDb();
  ports = { db: t.db };
});
afterAll(async () => {
  await t.close();
});
afterEach(() => vi.restoreAllMocks());

describe("malformed percent-escapes", () => {
  it.each([
    "/api/media/public/%ff%fe",
    "/api/files/%E0%A4%A?exp=1&sig=x&name=x",
    ...BAD_ESCAPES.map((esc) => `/api/media/public/${esc}.webp`),
    ...BAD_ESCAPES.map((esc) => `/api/files/private/${esc}?exp=1&sig=x&name=x`),
  ])("GET %s answers 4xx JSON and logs no error", async (path) => {
    const fn = path.startsWith("/api/media/") ? media : files;
    const errors = vi.spyOn(log, "error");
    const res = await fn(new Request(`${BASE}${path}`), {});
    expect([400, 404]).toContain(res.status);
    expect(await res.json()).toHaveProperty("error");
    expect(errors).not.toHaveBeenCalled();
  });

  it("the page menu treats a malformed path as no menu entry", () => {
    expect(activeNav("/%ff%fe")).toBe("%ff%fe");
    expect(activeNav("/contact%20us")).toBe("contact us");
  });
});
