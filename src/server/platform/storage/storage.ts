/**
 * The object-storage port: S3 in production, files under $DATA_DIR/uploads locally. Keys are
 * random and say whether an object is public media (blog and profile images) or a private file
 * (resumes, inquiry attachments). Private files are only ever reached through a short-lived
 * signed link that downloads as an attachment.
 */
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Env } from "../env";

export type Visibility = "public" | "private";

export interface StoredObject {
  body: Uint8Array;
  contentType: string;
}

export interface SignedUrlOptions {
  /** Seconds the link stays valid. */
  expiresIn: number;
  /** File name offered to the browser; keep it free of personal data. */
  downloadName: string;
  /**
   * Shown in the browser instead of downloaded: only for a PDF, judged so by its bytes. The link
   * then answers as application/pdf, inline (and, from local storage, sandboxed).
   */
  inlinePdf?: boolean;
}

export interface Storage {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  signedUrl(key: string, opts: SignedUrlOptions): Promise<string>;
  /**
   * Reads a file through a link this storage signed (only a storage whose links point at the site
   * itself has it: local files, served by /api/files; S3's links point at S3). "invalid" for a
   * link it did not sign or that has expired, null for a file that is gone.
   */
  openSignedLink?(link: SignedLink, nowMs: number): Promise<StoredObject | "invalid" | null>;
}

/** The parts of a link made by signedUrl() of a storage that serves its own links. */
export interface SignedLink {
  key: string;
  exp: string | null;
  name: string | null;
  sig: string | null;
  inline?: boolean;
}

/** A random name; public images may also have a narrower copy, `.w<width>` (src/shared/common/media.ts). */
const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const KEY_RE = new RegExp(`^(?:private/${UUID}|public/${UUID}(?:\\.w\\d{2,4})?)\\.[a-z0-9]{1,5}$`);

export function newKey(visibility: Visibility, ext: string): string {
  return `${visibility}/${randomUUID()}.${
    ext
      .toLowerCase()
      .replace(/[^a-z0-9]/g, "")
      .slice(0, 5) || "bin"
  }`;
}

export function isValidKey(key: string): boolean {
  return KEY_RE.test(key);
}

export function isPublicKey(key: string): boolean {
  return isValidKey(key) && key.startsWith("public/");
}

/** Public media is served by /api/media/<key>; this is the path the pages use. */
export function mediaUrl(key: string | null | undefined): string | null {
  return key && isPublicKey(key) ? `/api/media/${key}` : null;
}

function assertKey(key: string) {
  if (!isValidKey(key)) throw new Error(`Invalid storage key`);
}

// ---- signed local links -------------------------------------------------------------------

function sign(secret: string, payload: string): string {
  return createHmac("sha256", secret).update(payload).digest("base64url");
}

function payloadOf(key: string, exp: number, name: string, inline = false) {
  return `${key}\n${exp}\n${name}${inline ? "\ninline" : ""}`;
}

/** Checks a local signed link's parameters; returns the key when valid. */
export function verifyLocalSignature(secret: string, params: SignedLink, now = Date.now()): boolean {
  const { key, exp, name, sig } = params;
  if (!exp || !sig || name === null || !/^\d{1,13}$/.test(exp) || !isValidKey(key)) return false;
  if (Number(exp) * 1000 < now) return false;
  const expected = Buffer.from(sign(secret, payloadOf(key, Number(exp), name, params.inline)));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function createLocalStorage(dir: string, secret: string): Storage {
  const fileOf = (key: string) => path.join(dir, ...key.split("/"));
  return {
    async put(key, body, contentType) {
      assertKey(key);
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(`${file}.type`, contentType);
      await writeFile(file, body);
    },
    async get(key) {
      if (!isValidKey(key)) return null;
      try {
        const file = fileOf(key);
        const [body, contentType] = await Promise.all([readFile(file), readFile(`${file}.type`, "utf8")]);
        return { body: new Uint8Array(body), contentType };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
    },
    async delete(key) {
      assertKey(key);
      const file = fileOf(key);
      await rm(file, { force: true });
      await rm(`${file}.type`, { force: true });
    },
    async signedUrl(key, { expiresIn, downloadName, inlinePdf = false }) {
      assertKey(key);
      const exp = Math.floor(Date.now() / 1000) + expiresIn;
      const sig = sign(secret, payloadOf(key, exp, downloadName, inlinePdf));
      const q = new URLSearchParams({
        exp: String(exp),
        name: downloadName,
        ...(inlinePdf ? { view: "inline" } : {}),
        sig,
      });
      return `/api/files/${key}?${q}`;
    },
    async openSignedLink(link, nowMs) {
      if (!verifyLocalSignature(secret, link, nowMs)) return "invalid";
      return this.get(link.key);
    },
  };
}

export async function createS3Storage(cfg: Extract<Env["storage"], { kind: "s3" }>): Promise<Storage> {
  const s3 = await import("@aws-sdk/client-s3");
  const { getSignedUrl } = await import("@aws-sdk/s3-request-presigner");
  const client = new s3.S3Client({
    region: cfg.region,
    ...(cfg.endpoint ? { endpoint: cfg.endpoint, forcePathStyle: true } : {}),
    ...(cfg.accessKeyId && cfg.secretAccessKey
      ? { credentials: { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey } }
      : {}),
  });
  const Bucket = cfg.bucket;
  return {
    async put(key, body, contentType) {
      assertKey(key);
      await client.send(new s3.PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }));
    },
    async get(key) {
      if (!isValidKey(key)) return null;
      try {
        const res = await client.send(new s3.GetObjectCommand({ Bucket, Key: key }));
        const body = await res.Body!.transformToByteArray();
        return { body, contentType: res.ContentType ?? "application/octet-stream" };
      } catch (err) {
        const name = (err as { name?: string }).name;
        if (name === "NoSuchKey" || name === "NotFound") return null;
        throw err;
      }
    },
    async delete(key) {
      assertKey(key);
      await client.send(new s3.DeleteObjectCommand({ Bucket, Key: key }));
    },
    async signedUrl(key, { expiresIn, downloadName, inlinePdf = false }) {
      assertKey(key);
      const filename = downloadName.replace(/[^\w.-]/g, "_");
      const cmd = new s3.GetObjectCommand({
        Bucket,
        Key: key,
        // A PDF opens in the browser, from the bucket's own origin, never from the site's.
        ...(inlinePdf
          ? {
              ResponseContentDisposition: `inline; filename="${filename}"`,
              ResponseContentType: "application/pdf",
            }
          : { ResponseContentDisposition: `attachment; filename="${filename}"` }),
      });
      return getSignedUrl(client, cmd, { expiresIn });
    },
  };
}

export async function openStorage(e: Env, secret: string): Promise<Storage> {
  return e.storage.kind === "s3" ? createS3Storage(e.storage) : createLocalStorage(e.uploadsDir, secret);
}
