/**
 * The local storage's signed upload links (PUT /api/files/<key>, answered by the local server):
 * a link must be signed for its key, type and limit and not expired (403), the body must carry
 * the signed type (415), and a body past the limit is cut off while it streams (413), leaving no
 * file behind.
 */
import { mkdtempSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createLocalStorage } from "../../src/server/platform/storage/local";
import { localUpload } from "../../src/server/http/local-upload";
import { newKey } from "../../src/server/platform/storage/storage";

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF\n");
const ORIGIN = "http://127.0.0.1:4416";

function setup() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "local-upload-"));
  return { dir, storage: createLocalStorage(dir, "a-secret-of-at-least-some-length") };
}

/** A body in chunks, counting how many the receiver read. */
function chunks(parts: Uint8Array[]) {
  const read = { count: 0 };
  async function* body() {
    for (const p of parts) {
      read.count++;
      yield p;
    }
  }
  return { body: body(), read };
}

const put = (
  s: ReturnType<typeof setup>["storage"],
  url: string,
  parts: Uint8Array[],
  type = "application/pdf",
  now = Date.now(),
) => localUpload(s, { url: new URL(url, ORIGIN).href, contentType: type, body: chunks(parts).body }, now);

describe("a local signed upload", () => {
  it("stores the file under its key with the signed type", async () => {
    const { storage } = setup();
    const key = newKey("private", "pdf");
    const link = await storage.signedUploadUrl(key, {
      contentType: "application/pdf",
      maxBytes: 1000,
      expiresIn: 60,
    });
    expect(link.method).toBe("PUT");
    expect(link.headers).toEqual({ "Content-Type": "application/pdf" });
    const res = await put(storage, link.url, [PDF.slice(0, 10), PDF.slice(10)]);
    expect(res.status).toBe(201);
    expect(await storage.head(key)).toEqual({ size: PDF.length, contentType: "application/pdf" });
    expect(Buffer.from((await storage.readStart(key, 5))!).toString()).toBe("%PDF-");
  });

  it("refuses a changed signature, key or limit with 403", async () => {
    const { storage } = setup();
    const key = newKey("private", "pdf");
    const { url } = await storage.signedUploadUrl(key, {
      contentType: "application/pdf",
      maxBytes: 1000,
      expiresIn: 60,
    });
    const u = new URL(url, ORIGIN);
    const sig = u.searchParams.get("sig")!;
    const tampered = new URL(u);
    tampered.searchParams.set("sig", `${sig.slice(0, -2)}${sig.endsWith("AA") ? "BB" : "AA"}`);
    const larger = new URL(u);
    larger.searchParams.set("max", "100000000");
    const otherKey = new URL(u.href.replace(key, newKey("private", "pdf")));
    for (const bad of [tampered, larger, otherKey]) {
      const res = await put(storage, bad.href, [PDF]);
      expect(res.status, bad.href).toBe(403);
      expect(((await res.json()) as { error: string }).error).toMatch(/invalid or has expired/);
    }
    expect(await storage.head(key)).toBeNull();
  });

  it("refuses an expired link with 403", async () => {
    const { storage } = setup();
    const key = newKey("private", "pdf");
    const { url } = await storage.signedUploadUrl(key, {
      contentType: "application/pdf",
      maxBytes: 1000,
      expiresIn: 60,
    });
    const res = await put(storage, url, [PDF], "application/pdf", Date.now() + 61_000);
    expect(res.status).toBe(403);
    expect(await storage.head(key)).toBeNull();
  });

  it("refuses another Content-Type than the signed one with 415", async () => {
    const { storage } = setup();
    const key = newKey("private", "pdf");
    const { url } = await storage.signedUploadUrl(key, {
      contentType: "application/pdf",
      maxBytes: 1000,
      expiresIn: 60,
    });
    const res = await put(storage, url, [PDF], "text/html");
    expect(res.status).toBe(415);
  });

  it("cuts off a body past the limit with 413 and keeps nothing of it", async () => {
    const { dir, storage } = setup();
    const key = newKey("private", "pdf");
    const { url } = await storage.signedUploadUrl(key, {
      contentType: "application/pdf",
      maxBytes: 1000,
      expiresIn: 60,
    });
    const { body, read } = chunks(Array.from({ length: 50 }, () => new Uint8Array(400)));
    const res = await localUpload(
      storage,
      { url: new URL(url, ORIGIN).href, contentType: "application/pdf", body },
      Date.now(),
    );
    expect(res.status).toBe(413);
    expect(read.count).toBe(3); // stopped at the chunk that passed 1000 bytes, not read to the end
    expect(await storage.head(key)).toBeNull();
    expect(readdirSync(path.join(dir, "private"))).toEqual([]);
  });
});

describe("an S3 upload link", () => {
  it("is a presigned PUT with its Content-Type signed (S3 cannot cap its size: publishing reads it back)", async () => {
    const { createS3Storage } = await import("../../src/server/platform/storage/s3");
    const s3 = await createS3Storage({
      kind: "s3",
      bucket: "documents",
      region: "us-east-1",
      endpoint: "http://127.0.0.1:9",
      accessKeyId: "AKIDEXAMPLE",
      secretAccessKey: "not-a-secret",
    });
    const key = newKey("private", "pdf");
    const link = await s3.signedUploadUrl(key, {
      contentType: "application/pdf",
      maxBytes: 1000,
      expiresIn: 900,
    });
    expect(link.method).toBe("PUT");
    expect(link.headers).toEqual({ "Content-Type": "application/pdf" });
    const url = new URL(link.url);
    expect(url.pathname).toBe(`/documents/${key}`);
    expect(url.searchParams.get("X-Amz-SignedHeaders")?.split(";")).toContain("content-type");
    expect(url.searchParams.get("X-Amz-Expires")).toBe("900");
  });
});
