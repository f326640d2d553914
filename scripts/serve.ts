/**
 * The local server: the built site, the on-demand pages and every function on one port,
 * offline, with the routing, headers and redirects of production.
 *
 * - With no DATABASE_URL this process owns the embedded PGlite in $DATA_DIR and exposes it over
 *   the Postgres protocol on loopback; functions connect to it with `pg` like to any PostgreSQL.
 * - Every function in netlify/functions is loaded once and called in this process, routed by its
 *   own `config.path` as on Netlify. (@netlify/dev's function runtime starts a worker and copies
 *   dependencies per call: 0.2-0.35 s each, and calls in flight sometimes failed while it rebuilt.)
 * - @netlify/dev (Netlify's own emulation) serves dist/ with the netlify.toml headers and
 *   redirects; what it does not match goes to Astro's SSR handler.
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { Readable } from "node:stream";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import { pathToFileURL } from "node:url";
import { loadEnv, resetEnv } from "../src/server/platform/env";
import { applySecurityHeaders } from "../src/server/http/headers";
import { settled } from "../src/server/http/endpoint";
import { startDatabase } from "./lib/database";
import { loadFunctions, route } from "./lib/functions";
import { imageCdn } from "./lib/image-cdn";
import { createLocalStorage } from "../src/server/platform/storage/local";
import { isLocalUpload, localUpload } from "../src/server/http/local-upload";
import { createLocalServer } from "./lib/local-server";
import { CDN_ONLY_HEADERS, createPageCache } from "./lib/page-cache";
import { testMoment } from "../src/server/platform/clock";

const root = process.cwd();
const e = loadEnv();
await mkdir(e.dataDir, { recursive: true });
process.env.DATA_DIR = e.dataDir; // absolute, for functions running in workers

// A session secret of this installation, kept across restarts so sessions survive them.
if (!process.env.SESSION_SECRET) {
  const file = path.join(e.dataDir, "session-secret");
  if (!existsSync(file)) await writeFile(file, randomBytes(48).toString("base64url"), { mode: 0o600 });
  process.env.SESSION_SECRET = (await readFile(file, "utf8")).trim();
}

const database = await startDatabase(e).catch((err: Error) => {
  // Another process holds the embedded database's folder: say which, and stop.
  if (err.name !== "DataDirBusyError") throw err;
  console.error(err.message);
  process.exit(1);
});
if (database.url) process.env.DATABASE_URL = database.url;
resetEnv();

const ssrEntry = path.join(root, ".netlify/v1/functions/ssr/ssr.mjs");
if (!existsSync(ssrEntry) || !existsSync(path.join(root, "dist"))) {
  console.error("The site is not built yet: run `npm run build` (or `npm start`).");
  process.exit(1);
}
const ssr = (await import(pathToFileURL(ssrEntry).href)) as {
  default: (req: Request, ctx: unknown) => Promise<Response>;
};

// Files PUT to local storage through signed upload links (with S3 they go to S3).
const localFiles = (() => {
  const env = loadEnv();
  return env.storage.kind === "local" && env.sessionSecret
    ? createLocalStorage(env.uploadsDir, env.sessionSecret)
    : undefined;
})();

// Netlify's CDN cache of on-demand pages, purged by the functions' edits as in production.
// A request that names its own moment (TEST_CLOCK) is judged at that moment.
const pageCache = createPageCache(Date.now, (req) => testMoment(req));
const functions = await loadFunctions(root, () => ({ cdn: pageCache.cdn }));

const { NetlifyDev } = await import("@netlify/dev");
const netlify = new NetlifyDev({
  projectRoot: root,
  functions: { enabled: false },
  redirects: { enabled: true },
  headers: { enabled: true },
  staticFiles: { enabled: true },
  blobs: { enabled: false },
  edgeFunctions: { enabled: false },
  images: { enabled: false },
  geolocation: { enabled: false },
  environmentVariables: { enabled: false },
  aiGateway: { enabled: false },
  database: { enabled: false },
  server: { enabled: false },
});
await netlify.start();

function toRequest(req: http.IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v]) headers.append(k, item);
  }
  headers.set("x-nf-client-connection-ip", req.socket.remoteAddress ?? "127.0.0.1");
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(new URL(req.url ?? "/", origin), {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
    // @ts-expect-error Node's fetch needs this for a streamed body
    duplex: "half",
  });
}

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|rss\+xml|manifest\+json)|image\/svg\+xml)/;

/** Compresses text like the CDN does in production (brotli, else gzip). */
function compress(body: Buffer, type: string | null, acceptEncoding: string): [Buffer, string | undefined] {
  if (body.length < 1024 || !type || !COMPRESSIBLE.test(type)) return [body, undefined];
  if (/\bbr\b/.test(acceptEncoding))
    return [brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }), "br"];
  if (/\bgzip\b/.test(acceptEncoding)) return [gzipSync(body, { level: 6 }), "gzip"];
  return [body, undefined];
}

/** The most of an unread request body this server reads and throws away to keep a connection. */
const DRAIN_LIMIT = 16 * 1024 * 1024;

/**
 * A request answered before its body was read (413, 415, 403, 405...) still has the rest of its
 * body on the socket, in front of the next request of a kept-alive connection, and the client
 * waits to finish sending it: left there, the connection stalls and the client's next request on
 * it fails. So the rest is read and thrown away, and the connection serves the next request; a
 * body of unknown or too large a size is not worth reading: the answer says `Connection: close`
 * and the socket closes after it.
 */
function settleUnreadBody(req: http.IncomingMessage, res: http.ServerResponse) {
  const length = Number(req.headers["content-length"] ?? 0);
  const chunked = req.headers["transfer-encoding"] !== undefined;
  if ((!chunked && !(length > 0)) || req.readableEnded) return;
  if (!chunked && length <= DRAIN_LIMIT) {
    req.removeAllListeners("data"); // the handler's body stream, which nobody reads any more
    req.on("data", () => {});
    req.resume();
  } else if (!res.headersSent) res.setHeader("connection", "close");
}

async function send(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  response: Response,
  extraHeaders: [string, string][],
) {
  settleUnreadBody(req, res);
  const headers = new Headers(response.headers);
  for (const [k, v] of extraHeaders) if (!headers.has(k)) headers.set(k, v);
  for (const k of CDN_ONLY_HEADERS) headers.delete(k);
  res.statusCode = response.status;
  for (const [k, v] of headers) {
    if (k === "set-cookie") continue;
    res.setHeader(k, v);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader("set-cookie", cookies);
  if (!response.body) return void res.end();
  let body: Buffer = Buffer.from(await response.arrayBuffer());
  if (!headers.has("content-encoding")) {
    const [out, encoding] = compress(
      body,
      headers.get("content-type"),
      String(req.headers["accept-encoding"] ?? ""),
    );
    if (encoding) {
      body = out;
      res.setHeader("content-encoding", encoding);
      // Added to what the page varies on already (Save-Data: src/middleware.ts), as a CDN does.
      const vary = res.getHeader("vary");
      res.setHeader("vary", vary ? `${String(vary)}, Accept-Encoding` : "Accept-Encoding");
      res.setHeader("content-length", String(body.length));
    }
  }
  res.end(body);
}

const distDir = path.join(root, "dist");
const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".woff2": "font/woff2",
  ".pdf": "application/pdf",
};
/** The file of dist/ at a decoded path (a page's index.html for a folder), never outside dist/. */
async function decodedFile(pathname: string): Promise<{ body: Buffer; type: string } | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  const base = path.resolve(distDir, `.${path.posix.normalize(decoded).replace(/\/$/, "")}`);
  if (base !== distDir && !base.startsWith(distDir + path.sep)) return undefined;
  for (const file of [base, path.join(base, "index.html"), `${base}.html`]) {
    const type = TYPES[path.extname(file)];
    if (!type) continue;
    try {
      return { body: await readFile(file), type };
    } catch {
      /* try the next form */
    }
  }
  return undefined;
}

const origin = `http://localhost:${e.port}`;
// Netlify's Image CDN, fetching the pictures from this server itself.
const images = imageCdn(`http://127.0.0.1:${e.port}`);
const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The origin a request was sent to, from its Host header, as the platform builds request URLs:
 * the site opened at http://127.0.0.1:PORT gets that origin (and its forms pass the same-origin
 * check), not localhost's. A missing or malformed Host falls back to localhost.
 */
function originOf(req: http.IncomingMessage): string {
  const host = req.headers.host ?? "";
  return HOST.test(host) ? `http://${host}` : origin;
}

// TRACE and other methods, and paths with malformed percent-escapes, are refused before this.
const server = createLocalServer(async (req, res) => {
  try {
    // A file PUT to local storage is read from the socket itself (before anything else reads the
    // body), streamed to disk and cut off at its signed limit.
    const rawPath = (req.url ?? "/").split(/[?#]/)[0]!;
    if (localFiles && isLocalUpload(req.method, rawPath)) {
      // Read without destroying the request when the limit cuts it off, so the 413 is answered.
      const body = req.iterator({ destroyOnReturn: false });
      const contentType = req.headers["content-type"];
      const answer = await localUpload(
        localFiles,
        { url: new URL(req.url ?? "/", origin).href, contentType, body },
        Date.now(),
      );
      return await send(req, res, answer, []);
    }
    // @netlify/static looks files up by their decoded path (/a%20b -> "a b").
    const request = toRequest(req, originOf(req));
    const pathname = new URL(request.url).pathname;
    const fn = pathname.startsWith("/api/") ? route(functions, pathname) : undefined;
    if (fn) {
      const context = {
        ip: req.socket.remoteAddress,
        geo: { country: { code: process.env.LOCAL_COUNTRY ?? "US" } },
      };
      return await send(req, res, await fn.handler(request, context), []);
    }
    const image = await images(request);
    if (image) return await send(req, res, image, []);
    const collected: [string, string][] = [];
    const match = await netlify.handleAndIntrospect(request.clone(), {
      headersCollector: (k: string, v: string) => void collected.push([k, v]),
    });
    // A function's own 404 is its answer; a static 404 means "no such file": look further.
    if (match && (match.type !== "static" || match.response.status !== 404))
      return await send(req, res, match.response, collected);
    // @netlify/static does not percent-decode: a file whose address has escapes (a space, and
    // its stylesheet) is read here from dist/ by its decoded path, with the same headers.
    if ((req.method === "GET" || req.method === "HEAD") && request.url.includes("%")) {
      const file = await decodedFile(pathname);
      if (file) {
        const headers = applySecurityHeaders(new Headers({ "Content-Type": file.type }), "page");
        if (pathname.startsWith("/_astro/"))
          headers.set("Cache-Control", "public, max-age=31536000, immutable");
        const body = req.method === "HEAD" ? null : new Uint8Array(file.body);
        return await send(req, res, new Response(body, { headers }), collected);
      }
    }
    // The on-demand pages answer the rest, as on Netlify: the moved addresses' 301s
    // (src/config/redirects.ts), unknown /dashboard/* addresses and the 404 page among them;
    // from the CDN's copy while it is fresh. An edit answered before this request has purged the
    // copies it changed by now (its purge runs after its answer: that work is awaited first).
    await settled();
    const cached = pageCache.lookup(request);
    if (cached) return await send(req, res, cached, collected);
    const response = await ssr.default(request, {
      ip: req.socket.remoteAddress,
      geo: { country: { code: process.env.LOCAL_COUNTRY ?? "US" } },
    });
    await send(req, res, await pageCache.store(request, response), collected);
  } catch (err) {
    console.error(JSON.stringify({ level: "error", msg: "local server error", error: String(err) }));
    settleUnreadBody(req, res);
    if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: "The local server failed to answer this request." }));
  }
});

server.on("error", (err: NodeJS.ErrnoException) => {
  console.error(
    err.code === "EADDRINUSE"
      ? `Port ${e.port} is already in use: stop the other server or set PORT to another port.`
      : `The local server failed: ${err.message}`,
  );
  process.exit(1);
});

server.listen(e.port, "127.0.0.1", () => {
  const admin = e.seedAdmin ?? database.seedAdmin;
  console.log(`\n  Site ready at ${origin}`);
  if (admin) console.log(`  Staff sign-in: ${origin}/admin  (${admin.email} / the password in README.md)`);
  console.log("");
});

// Scheduled functions (config.schedule: the retry of failed sales notifications) run on their
// timers here, as Netlify runs them in production.
{
  const { loadScheduled, startSchedules } = await import("./lib/schedules");
  startSchedules(await loadScheduled(root), origin);
}

async function shutdown() {
  server.close();
  await netlify.stop().catch(() => {});
  await database.stop();
  process.exit(0);
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
