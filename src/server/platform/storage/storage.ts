/**
 * The object-storage port: S3 in production (s3.ts), files under $DATA_DIR/uploads locally
 * (local.ts); open.ts picks one from the environment. Keys are
 * random and say whether an object is public media (blog and profile images) or a private file
 * (resumes, inquiry attachments). Private files are only ever reached through a short-lived
 * signed link that downloads as an attachment.
 */
import { randomUUID } from "node:crypto";

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

export interface SignedUploadOptions {
  /** The Content-Type the upload must be sent with (part of the signature). */
  contentType: string;
  /**
   * The largest body accepted. Local storage refuses a larger one while it streams (413); an S3
   * presigned PUT cannot cap the size, so a use case reads the stored size (head) before it uses
   * the object and refuses and deletes a larger one.
   */
  maxBytes: number;
  /** Seconds the link stays valid. */
  expiresIn: number;
}

/** Where and how a browser sends a file straight to storage (not through a function's body). */
export interface SignedUpload {
  url: string;
  method: "PUT";
  /** Headers the request must carry exactly (they are part of the signature). */
  headers: Record<string, string>;
}

export interface StoredInfo {
  size: number;
  contentType: string;
}

export interface Storage {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  /** The first `bytes` bytes of an object (enough to judge its kind); null when it is absent. */
  readStart(key: string, bytes: number): Promise<Uint8Array | null>;
  /** An object's size and type, without its body; null when it is absent. */
  head(key: string): Promise<StoredInfo | null>;
  delete(key: string): Promise<void>;
  signedUrl(key: string, opts: SignedUrlOptions): Promise<string>;
  /** A short-lived link a browser PUTs one file to, under `key` (S3: presigned; local: /api/files). */
  signedUploadUrl(key: string, opts: SignedUploadOptions): Promise<SignedUpload>;
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

/** Refuses a key that is not one of ours (an adapter's guard against path tricks). */
export function assertKey(key: string) {
  if (!isValidKey(key)) throw new Error(`Invalid storage key`);
}
