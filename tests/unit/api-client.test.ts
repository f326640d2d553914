/**
 * The islands' API client (src/islands/lib/api-client.ts): addresses from the contract (path
 * params encoded, query), JSON, form and multipart bodies, answers read whatever their status,
 * uploads through XMLHttpRequest with their progress, and beacons for a page being left.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { beacon, link, send, upload } from "../../src/islands/lib/api-client";
import { addCommentApi, getCommentsApi } from "../../src/shared/blog/api";
import { checkAckAccessApi, revokeAckAccessApi, submitApi } from "../../src/shared/contact/api";
import { routeOf } from "../../src/shared/api/route";
import { auditLogExportApi } from "../../src/shared/audit/api";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe("link()", () => {
  it("fills the path's params and adds the query, leaving out what is not given", () => {
    expect(link(getCommentsApi, { params: { postId: 12 } })).toBe("/api/get-comments/12");
    expect(link(auditLogExportApi, { query: { who: "a b", action: undefined, from: "2026-01-01" } })).toBe(
      "/api/audit-log/export?who=a+b&from=2026-01-01",
    );
    expect(link(addCommentApi)).toBe("/api/add-comment");
  });

  it("refuses a path whose param is missing", () => {
    expect(() => link(getCommentsApi, { params: {} as { postId: number } })).toThrow(/postId/);
  });
});

describe("send()", () => {
  it("answers the success with its status", async () => {
    fetchMock.mockResolvedValue(json(201, { held: true }));
    const res = await send(addCommentApi, { body: new URLSearchParams({ post_id: "1" }) });
    expect(res).toEqual({ ok: true, status: 201, data: { held: true } });
    const [path, init] = fetchMock.mock.calls[0]! as [string, RequestInit];
    expect(path).toBe("/api/add-comment");
    expect(init.method).toBe("POST");
    expect(init.body).toBeInstanceOf(URLSearchParams);
    expect(new Headers(init.headers).get("content-type")).toBeNull();
  });

  it("answers a refusal with its fields, and a body that is not JSON as {}", async () => {
    fetchMock.mockResolvedValueOnce(json(429, { error: "Slow down." }));
    fetchMock.mockResolvedValueOnce(new Response("<html>Bad gateway</html>", { status: 502 }));
    expect(await send(addCommentApi, { body: { post_id: 1 } as never })).toEqual({
      ok: false,
      status: 429,
      data: { error: "Slow down." },
    });
    expect(await send(addCommentApi)).toEqual({ ok: false, status: 502, data: {} });
  });

  it("works from a route a page handed over, with its query, cache and headers", async () => {
    fetchMock.mockResolvedValue(json(200, { access: false }));
    const route = routeOf(checkAckAccessApi);
    expect(route).toEqual({ method: "GET", path: "/api/check_ack_access" });
    await send(route, { query: { resume: 1 }, cache: "no-store", headers: { Accept: "application/json" } });
    const [path, init] = fetchMock.mock.calls[0]! as [string, RequestInit];
    expect(path).toBe("/api/check_ack_access?resume=1");
    expect(init.cache).toBe("no-store");
    expect(new Headers(init.headers).get("accept")).toBe("application/json");
  });

  it("rejects when the server cannot be reached", async () => {
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    await expect(send(checkAckAccessApi)).rejects.toThrow("Failed to fetch");
  });
});

/** A stand-in XMLHttpRequest: records the request; the test plays its events. */
class FakeXhr {
  static last: FakeXhr;
  method = "";
  url = "";
  body: unknown;
  status = 0;
  response: unknown = null;
  responseType = "";
  timeout = 0;
  upload: { onprogress?: (e: ProgressEvent) => void; onload?: () => void } = {};
  onload?: () => void;
  onerror?: () => void;
  ontimeout?: () => void;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  send(body: unknown) {
    this.body = body;
  }
}

describe("upload()", () => {
  beforeEach(() => vi.stubGlobal("XMLHttpRequest", FakeXhr));

  it("posts the form to the contract's path, reports progress, and answers like send()", async () => {
    const progress: number[] = [];
    let uploaded = false;
    const form = new FormData();
    const done = upload(submitApi, form, {
      onProgress: (p) => progress.push(p),
      onUploaded: () => (uploaded = true),
    });
    const xhr = FakeXhr.last;
    expect([xhr.method, xhr.url, xhr.body, xhr.responseType]).toEqual(["POST", "/api/submit", form, "json"]);
    xhr.upload.onprogress!({ lengthComputable: true, loaded: 50, total: 200 } as ProgressEvent);
    xhr.upload.onprogress!({ lengthComputable: true, loaded: 200, total: 200 } as ProgressEvent);
    xhr.upload.onload!();
    xhr.status = 200;
    xhr.response = { success: true };
    xhr.onload!();
    expect(await done).toEqual({ ok: true, status: 200, data: { success: true } });
    expect(progress).toEqual([25, 100]);
    expect(uploaded).toBe(true);
  });

  it("answers a refusal, and rejects when no answer comes", async () => {
    const refused = upload(submitApi, new FormData());
    FakeXhr.last.status = 413;
    FakeXhr.last.response = { error: "Too large." };
    FakeXhr.last.onload!();
    expect(await refused).toEqual({ ok: false, status: 413, data: { error: "Too large." } });
    const lost = upload(submitApi, new FormData());
    FakeXhr.last.onerror!();
    await expect(lost).rejects.toThrow("network");
    const slow = upload(submitApi, new FormData());
    FakeXhr.last.ontimeout!();
    await expect(slow).rejects.toThrow("timeout");
  });
});

describe("beacon()", () => {
  it("sends a beacon, and a keepalive fetch where the browser takes none", () => {
    const sendBeacon = vi.fn().mockReturnValueOnce(true).mockReturnValueOnce(false);
    vi.stubGlobal("navigator", { sendBeacon });
    fetchMock.mockResolvedValue(json(200, {}));
    beacon(revokeAckAccessApi);
    expect(sendBeacon).toHaveBeenCalledWith("/api/revoke_ack_access");
    expect(fetchMock).not.toHaveBeenCalled();
    beacon(revokeAckAccessApi);
    expect(fetchMock).toHaveBeenCalledWith("/api/revoke_ack_access", {
      method: "POST",
      keepalive: true,
      credentials: "same-origin",
    });
  });
});
