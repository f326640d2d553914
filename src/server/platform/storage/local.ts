/**
 * Storage in a local folder, with links signed by the site: downloads served by /api/files, and
 * uploads (PUT to the same address, signed for one key, type, size limit and expiry) received by
 * the local server (scripts/serve.ts, receiveUpload below).
 */
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { open as openFile, mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { assertKey, isValidKey, type SignedLink, type Storage } from "./storage";

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

/** The parts of a local upload link (signedUploadUrl): its key and query. */
export interface UploadLink {
  key: string;
  exp: string | null;
  max: string | null;
  type: string | null;
  sig: string | null;
}

/** An upload's payload starts with "put", which no download's (a key first) does. */
const uploadPayload = (key: string, exp: number, max: number, type: string) =>
  `put\n${key}\n${exp}\n${max}\n${type}`;

/** Checks a local upload link: signed by this site for this key, type and limit, not expired. */
export function verifyUploadSignature(secret: string, link: UploadLink, now = Date.now()): boolean {
  const { key, exp, max, type, sig } = link;
  if (!exp || !max || !type || !sig || !/^\d{1,13}$/.test(exp) || !/^\d{1,12}$/.test(max)) return false;
  if (!isValidKey(key) || Number(exp) * 1000 < now) return false;
  const expected = Buffer.from(sign(secret, uploadPayload(key, Number(exp), Number(max), type)));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** What receiving an upload came to (the local server answers 403, 415, 413 or 201). */
export type UploadOutcome = "invalid" | "wrong-type" | "too-large" | "stored";

export interface LocalStorage extends Storage {
  /**
   * Stores a body PUT to a link signed by signedUploadUrl: refused before reading for a link that
   * is not valid (or a Content-Type other than the signed one), and while streaming once the body
   * passes the signed limit (the partial file is removed). Written aside and renamed into place.
   */
  receiveUpload(
    link: UploadLink,
    contentType: string | undefined,
    body: AsyncIterable<Uint8Array>,
    nowMs: number,
  ): Promise<UploadOutcome>;
}

export function createLocalStorage(dir: string, secret: string): LocalStorage {
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
    async readStart(key, bytes) {
      if (!isValidKey(key)) return null;
      try {
        const handle = await openFile(fileOf(key), "r");
        try {
          const buf = Buffer.alloc(bytes);
          const { bytesRead } = await handle.read(buf, 0, bytes, 0);
          return new Uint8Array(buf.subarray(0, bytesRead));
        } finally {
          await handle.close();
        }
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
    },
    async head(key) {
      if (!isValidKey(key)) return null;
      try {
        const file = fileOf(key);
        const [info, contentType] = await Promise.all([stat(file), readFile(`${file}.type`, "utf8")]);
        return { size: info.size, contentType };
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
    async signedUploadUrl(key, { contentType, maxBytes, expiresIn }) {
      assertKey(key);
      const exp = Math.floor(Date.now() / 1000) + expiresIn;
      const sig = sign(secret, uploadPayload(key, exp, maxBytes, contentType));
      const q = new URLSearchParams({ exp: String(exp), max: String(maxBytes), type: contentType, sig });
      return { url: `/api/files/${key}?${q}`, method: "PUT", headers: { "Content-Type": contentType } };
    },
    async receiveUpload(link, contentType, body, nowMs) {
      if (!verifyUploadSignature(secret, link, nowMs)) return "invalid";
      if ((contentType ?? "").split(";")[0]!.trim().toLowerCase() !== link.type!.toLowerCase())
        return "wrong-type";
      const max = Number(link.max);
      const file = fileOf(link.key);
      await mkdir(path.dirname(file), { recursive: true });
      const part = `${file}.${randomUUID()}.part`;
      const handle = await openFile(part, "w");
      let size = 0;
      let outcome: UploadOutcome = "stored";
      try {
        for await (const chunk of body) {
          size += chunk.length;
          if (size > max) {
            outcome = "too-large";
            break;
          }
          await handle.write(chunk);
        }
      } finally {
        await handle.close();
      }
      if (outcome !== "stored") {
        await rm(part, { force: true });
        return outcome;
      }
      await writeFile(`${file}.type`, link.type!);
      await rename(part, file);
      return "stored";
    },
    async openSignedLink(link, nowMs) {
      if (!verifyLocalSignature(secret, link, nowMs)) return "invalid";
      return this.get(link.key);
    },
  };
}
