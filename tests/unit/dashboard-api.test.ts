/**
 * The dashboard's one fetch helper (src/islands/dashboard/api.ts): JSON in and out, the server's
 * message on failure, a clear message when the server cannot be reached, and back to sign-in
 * (replacing the page) when the session has ended.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api, ApiError } from "../../src/islands/dashboard/api";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("api()", () => {
  const replace = vi.fn();
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    vi.stubGlobal("window", { location: { replace, assign: vi.fn() } });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    replace.mockReset();
  });

  it("sends a json value as JSON with its content type, same-origin credentials", async () => {
    fetchMock.mockResolvedValue(json(200, { ok: 1 }));
    await expect(api("/api/x", { method: "POST", json: { a: 1 } })).resolves.toEqual({ ok: 1 });
    const [path, init] = fetchMock.mock.calls[0]! as [string, RequestInit];
    expect(path).toBe("/api/x");
    expect(init.body).toBe('{"a":1}');
    expect(new Headers(init.headers).get("content-type")).toBe("application/json");
    expect(init.credentials).toBe("same-origin");
  });

  it("sends a string body as JSON too (the staff screens' older calls)", async () => {
    fetchMock.mockResolvedValue(json(200, {}));
    await api("/api/x", { method: "PUT", body: '{"a":1}' });
    const init = fetchMock.mock.calls[0]![1] as RequestInit;
    expect(new Headers(init.headers).get("content-type")).toBe("application/json");
  });

  it("leaves form data to the browser", async () => {
    fetchMock.mockResolvedValue(json(200, {}));
    await api("/api/x", { method: "POST", body: new FormData() });
    const init = fetchMock.mock.calls[0]![1] as RequestInit;
    expect(new Headers(init.headers).get("content-type")).toBeNull();
  });

  it("throws the server's message with its status", async () => {
    fetchMock.mockResolvedValue(json(409, { error: "That e-mail is taken." }));
    const err = await api("/api/x").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 409, message: "That e-mail is taken." });
    expect(replace).not.toHaveBeenCalled();
  });

  it("says so when the server cannot be reached", async () => {
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    await expect(api("/api/x")).rejects.toMatchObject({
      status: 0,
      message: "The server could not be reached. Check your connection and try again.",
    });
  });

  it("goes back to sign-in on 401, replacing the page, and says the session has ended", async () => {
    fetchMock.mockResolvedValue(json(401, { error: "Please sign in." }));
    await expect(api("/api/x")).rejects.toMatchObject({
      status: 401,
      message: "Your session has ended. Please sign in again.",
    });
    expect(replace).toHaveBeenCalledWith("/admin");
  });
});
