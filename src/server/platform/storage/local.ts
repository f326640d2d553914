/** Storage in a local folder, with links signed by the site and served by /api/files. */
import { createHmac, timingSafeEqual } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
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
