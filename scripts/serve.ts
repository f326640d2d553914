/**
 * The local server: the built site, the on-demand pages and every function on one port,
 * offline, with the routing, headers and redirects of production.
 *
 * - With no DATABASE_URL this process owns the embedded PGlite in $DATA_DIR and exposes it over
 *   the Postgres protocol on loopback; functions connect to it with `pg` like to any PostgreSQL.
 * - @netlify/dev (Netlify's own emulation) serves netlify/functions, dist/ and netlify.toml
 *   rules; what it does not match goes to Astro's SSR handler.
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import { loadEnv, resetEnv } from "../src/server/env";
import { startDatabase } from "./lib/database";

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

const database = await startDatabase(e);
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

const { NetlifyDev } = await import("@netlify/dev");
const netlify = new NetlifyDev({
  projectRoot: root,
  functions: { enabled: true },
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

// @netlify/functions-dev reads every request body as text and, for content types it deems
// binary (multipart/form-data among them), marks that text as base64 for the function: files and
// forms arrived garbled. Handing it the body already base64-encoded makes them arrive intact.
const TEXT_TYPES = new Set([
  "application/csp-report",
  "application/graphql",
  "application/json",
  "application/javascript",
  "application/x-www-form-urlencoded",
  "application/x-ndjson",
  "application/xml",
]);

async function forFunctions(request: Request): Promise<Request> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  const textual =
    type.startsWith("text/") || type.endsWith("+json") || type.endsWith("+xml") || TEXT_TYPES.has(type);
  if (request.method === "GET" || request.method === "HEAD" || (type && textual)) return request.clone();
  const raw = Buffer.from(await request.clone().arrayBuffer());
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: raw.toString("base64"),
  });
}

async function send(res: http.ServerResponse, response: Response, extraHeaders: [string, string][]) {
  const headers = new Headers(response.headers);
  for (const [k, v] of extraHeaders) if (!headers.has(k)) headers.set(k, v);
  res.statusCode = response.status;
  for (const [k, v] of headers) {
    if (k === "set-cookie") continue;
    res.setHeader(k, v);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader("set-cookie", cookies);
  if (!response.body) return void res.end();
  const body = Buffer.from(await response.arrayBuffer());
  res.end(body);
}

const origin = `http://localhost:${e.port}`;
const server = http.createServer(async (req, res) => {
  try {
    // @netlify/static looks files up by their decoded path (/contact%20us -> "contact us").
    const request = toRequest(req, origin);
    const collected: [string, string][] = [];
    const match = await netlify.handleAndIntrospect((await forFunctions(request)) as Request, {
      headersCollector: (k: string, v: string) => void collected.push([k, v]),
    });
    if (match && match.response.status !== 404) return await send(res, match.response, collected);
    const response = await ssr.default(request, {
      ip: req.socket.remoteAddress,
      geo: { country: { code: process.env.LOCAL_COUNTRY ?? "US" } },
    });
    await send(res, response, collected);
  } catch (err) {
    console.error(JSON.stringify({ level: "error", msg: "local server error", error: String(err) }));
    if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: "The local server failed to answer this request." }));
  }
});

server.listen(e.port, "127.0.0.1", () => {
  const admin = e.seedAdmin ?? database.seedAdmin;
  console.log(`\n  Site ready at ${origin}`);
  if (admin) console.log(`  Staff sign-in: ${origin}/admin  (${admin.email} / the password in README.md)`);
  console.log("");
});

async function shutdown() {
  server.close();
  await netlify.stop().catch(() => {});
  await database.stop();
  process.exit(0);
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
