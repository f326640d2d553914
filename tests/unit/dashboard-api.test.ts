/**
 * The dashboard's calls (src/islands/dashboard/api.ts): a contract and typed input in, the
 * answer out; the server's message on failure, a clear message when the server cannot be
 * reached, and back to sign-in (replacing the page) when the session has ended.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api, ApiError } from "../../src/islands/dashboard/api";
import { adminPostsApi, deletePostApi } from "../../src/shared/blog/admin-api";
import { addUserApi, endSessionApi, getUsersApi, updateProfileApi } from "../../src/shared/staff/api";

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

  it("sends a body as JSON with its content type, the contract's method, same-origin credentials", async () => {
    fetchMock.mockResolvedValue(json(201, { user: { id: 1 } }));
    const body = { email: "a@example.com", password: "p", role: "reader" as const };
    await expect(api(addUserApi, { body })).resolves.toEqual({ user: { id: 1 } });
    const [path, init] = fetchMock.mock.calls[0]! as [string, RequestInit];
    expect(path).toBe("/api/add-user");
    expect(init.method).toBe("POST");
    expect(init.body).toBe(JSON.stringify(body));
    expect(new Headers(init.headers).get("content-type")).toBe("application/json");
    expect(init.credentials).toBe("same-origin");
  });

  it("fills the path's params (encoded) and the query string", async () => {
    fetchMock.mockResolvedValue(json(200, {}));
    await api(endSessionApi, { params: { id: "a b/c" } });
    await api(deletePostApi, { params: { id: 7 } });
    await api(adminPostsApi, { query: { page: 2 } });
    const calls = fetchMock.mock.calls as [string, RequestInit][];
    expect(calls.map(([path, init]) => `${init.method} ${path}`)).toEqual([
      "DELETE /api/sessions/a%20b%2Fc",
      "DELETE /api/delete-post/7",
      "GET /api/admin-posts?page=2",
    ]);
    expect(calls[0]![1].body).toBeUndefined();
  });

  it("leaves form data to the browser", async () => {
    fetchMock.mockResolvedValue(json(200, {}));
    await api(updateProfileApi, { body: new FormData() });
    const init = fetchMock.mock.calls[0]![1] as RequestInit;
    expect(init.body).toBeInstanceOf(FormData);
    expect(new Headers(init.headers).get("content-type")).toBeNull();
  });

  it("throws the server's message with its status", async () => {
    fetchMock.mockResolvedValue(json(409, { error: "That e-mail is taken." }));
    const err = await api(getUsersApi).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 409, message: "That e-mail is taken." });
    expect(replace).not.toHaveBeenCalled();
  });

  it("says so when the server cannot be reached", async () => {
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    await expect(api(getUsersApi)).rejects.toMatchObject({
      status: 0,
      message: "The server could not be reached. Check your connection and try again.",
    });
  });

  it("goes back to sign-in on 401, replacing the page, and says the session has ended", async () => {
    fetchMock.mockResolvedValue(json(401, { error: "Please sign in." }));
    await expect(api(getUsersApi)).rejects.toMatchObject({
      status: 401,
      message: "Your session has ended. Please sign in again.",
    });
    expect(replace).toHaveBeenCalledWith("/admin");
  });
});
