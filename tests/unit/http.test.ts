import { describe, expect, it } from "vitest";
import { HttpError, toErrorResponse } from "../../src/server/http/errors";
import { parseBody } from "../../src/server/http/body";
import { parseId } from "../../src/server/http/params";
import { requireSameOrigin } from "../../src/server/http/request-checks";
import { DatabaseUnavailableError } from "../../src/server/platform/db/db";

const url = "http://localhost:4321/api/x";
const req = (body: BodyInit, type?: string) =>
  new Request(url, { method: "POST", body, headers: type ? { "content-type": type } : {} });

describe("parseBody", () => {
  it("reads the same fields from JSON, form-encoded and multipart bodies", async () => {
    const form = new FormData();
    form.set("name", "Ada");
    form.set("n", "3");
    const results = await Promise.all([
      parseBody(req(JSON.stringify({ name: "Ada", n: 3 }), "application/json")),
      parseBody(req("name=Ada&n=3", "application/x-www-form-urlencoded")),
      parseBody(new Request(url, { method: "POST", body: form })),
    ]);
    for (const r of results) expect({ ...r }).toEqual({ name: "Ada", n: "3" });
  });

  it.each([
    ["{not json", "application/json", 400],
    ["[1,2]", "application/json", 400],
    ['{"a":{"b":1}}', "application/json", 400],
    ["hello", "text/plain", 415],
    ["hello", undefined, 415],
  ])("refuses %j as %s with %i", async (body, type, status) => {
    await expect(parseBody(req(body, type))).rejects.toMatchObject({ status });
  });

  it("takes only multipart where files are expected", async () => {
    await expect(parseBody(req("{}", "application/json"), { files: true })).rejects.toMatchObject({
      status: 415,
    });
  });

  it("refuses a body over the size limit", async () => {
    await expect(
      parseBody(req(JSON.stringify({ a: "x".repeat(1_200_000) }), "application/json")),
    ).rejects.toMatchObject({ status: 413 });
  });

  it("ignores prototype keys", async () => {
    const r = await parseBody(req('{"__proto__":"x","a":"1"}', "application/json"));
    expect(Object.keys(r)).toEqual(["a"]);
  });
});

describe("parseId", () => {
  it.each(["0", "-1", "abc", "1.5", "99999999999", "", "1 OR 1=1"])("refuses %j", (v) => {
    expect(() => parseId(v)).toThrow(HttpError);
  });
  it("accepts a positive integer", () => expect(parseId("42")).toBe(42));
});

describe("requireSameOrigin", () => {
  const post = (origin?: string) => new Request(url, { method: "POST", headers: origin ? { origin } : {} });
  it("allows the site's own origin and requests without Origin", () => {
    expect(() => requireSameOrigin(post("http://localhost:4321"), "http://localhost:4321")).not.toThrow();
    expect(() => requireSameOrigin(post(), "http://localhost:4321")).not.toThrow();
  });
  it("refuses a foreign origin with 403", () => {
    expect(() => requireSameOrigin(post("https://evil.example"), "http://localhost:4321")).toThrow(
      expect.objectContaining({ status: 403 }),
    );
  });
});

describe("toErrorResponse", () => {
  it("answers 503 with Retry-After when the database is away", async () => {
    const res = toErrorResponse(new DatabaseUnavailableError(new Error("down")), "rid");
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBeTruthy();
    expect(await res.json()).toHaveProperty("error");
  });
  it("hides internal details of a 500 behind a reference", async () => {
    const res = toErrorResponse(new Error("secret detail"), "rid-1");
    expect(res.status).toBe(500);
    const body = (await res.json()) as { error: string };
    expect(body.error).not.toContain("secret detail");
    expect(body.error).toContain("rid-1");
  });
  it("carries the security headers", () => {
    const res = toErrorResponse(new HttpError(400, "bad"), "r");
    for (const h of [
      "content-security-policy",
      "strict-transport-security",
      "x-content-type-options",
      "referrer-policy",
      "permissions-policy",
    ])
      expect(res.headers.get(h)).toBeTruthy();
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("cache-control")).toContain("no-store");
  });
});
