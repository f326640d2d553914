/**
 * The rehearsal's edge: what Netlify's CDN does in front of the functions. Static files from
 * dist/ with the netlify.toml headers and redirects (served by @netlify/dev, Netlify's own
 * emulation), and every path that a function claims in the build's manifest.json sent to the
 * functions runtime, in Netlify's order: a function whose route matches wins over redirects and
 * static files, unless its route prefers static files and one exists (Astro's SSR function).
 */
import { readFile } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { Readable } from "node:stream";
import { applySecurityHeaders } from "../../src/server/http/headers";
import { imageCdn } from "../lib/image-cdn";
import { CDN_ONLY_HEADERS } from "../lib/page-cache";

interface ManifestRoute {
  pattern: string;
  literal?: string;
  expression?: string;
  methods?: string[];
  prefer_static?: boolean;
}
export interface ManifestFunction {
  name: string;
  path: string;
  priority?: number;
  routes?: ManifestRoute[];
  excludedRoutes?: ManifestRoute[];
  /** Netlify's rate limit of the function (its `config.rateLimit`), enforced by the CDN, not here. */
  trafficRules?: {
    action: {
      type: string;
      config: {
        rateLimitConfig: { windowLimit: number; windowSize: number };
        aggregate: { keys: { type: string }[] };
      };
    };
  };
}
export interface Manifest {
  functions: ManifestFunction[];
}

function routeMatches(route: ManifestRoute, pathname: string, method: string): boolean {
  if (route.methods?.length && !route.methods.includes(method)) return false;
  if (route.literal !== undefined) return pathname === route.literal;
  if (route.expression !== undefined) return new RegExp(route.expression).test(pathname);
  return false;
}

/** The function that owns a path, as Netlify picks it: user functions before framework ones. */
export function matchFunction(manifest: Manifest, rawPath: string, method: string) {
  let p = rawPath !== "/" && rawPath.endsWith("/") ? rawPath.slice(0, -1) : rawPath;
  p = p.toLowerCase();
  const ordered = [...manifest.functions].sort((a, b) => (b.priority ?? 0) - (a.priority ?? 0));
  for (const fn of ordered) {
    const route = fn.routes?.find((r) => routeMatches(r, p, method));
    if (!route) continue;
    if (fn.excludedRoutes?.some((r) => routeMatches(r, p, method))) continue;
    return { fn, route };
  }
  return undefined;
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".woff2": "font/woff2",
  ".json": "application/json",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml",
};

/**
 * A file of dist/ at its percent-decoded path. Netlify's CDN decodes paths (/a%20b is
 * dist/a b/index.html); the local static handler does not, so this does it for it.
 */
async function decodedFile(distDir: string, pathname: string) {
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
      /* the next form */
    }
  }
  return undefined;
}

export interface EdgeOptions {
  root: string;
  port: number;
  manifest: Manifest;
  runtimePort: number;
}

export async function startEdge({ root, port, manifest, runtimePort }: EdgeOptions) {
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
    skipGitignore: true,
  });
  await netlify.start();
  const distDir = path.join(root, "dist");
  const origin = `http://localhost:${port}`;
  // Netlify's Image CDN, fetching the pictures from this edge (the media function behind it).
  const images = imageCdn(`http://127.0.0.1:${port}`);

  async function staticAnswer(req: http.IncomingMessage, pathname: string) {
    const collected: [string, string][] = [];
    const request = new Request(new URL(req.url ?? "/", origin), {
      method: req.method,
      headers: plainHeaders(req),
    });
    const match = await netlify.handleAndIntrospect(request, {
      headersCollector: (k: string, v: string) => void collected.push([k, v]),
    });
    if (match && match.type === "static" && match.response.status !== 404) return { match, collected };
    if ((req.method === "GET" || req.method === "HEAD") && pathname.includes("%")) {
      const file = await decodedFile(distDir, pathname);
      if (file) {
        const headers = applySecurityHeaders(new Headers({ "Content-Type": file.type }), "page");
        const response = new Response(req.method === "HEAD" ? null : new Uint8Array(file.body), { headers });
        return { match: { type: "static", response }, collected: [] as [string, string][] };
      }
    }
    return { match, collected };
  }

  function toFunction(req: http.IncomingMessage, res: http.ServerResponse, name: string, route?: string) {
    const upstream = http.request(
      {
        host: "127.0.0.1",
        port: runtimePort,
        method: req.method,
        path: req.url,
        headers: {
          ...req.headers,
          "x-rehearse-function": name,
          // Netlify's edge tells the function which of its paths matched: context.params come from it.
          ...(route ? { "x-rehearse-route": route } : {}),
          "x-forwarded-for": req.socket.remoteAddress ?? "127.0.0.1",
        },
      },
      (up) => {
        // What speaks to the CDN alone stops here, as at Netlify's edge.
        const headers = { ...up.headers };
        for (const k of CDN_ONLY_HEADERS) delete headers[k];
        res.writeHead(up.statusCode ?? 502, headers);
        up.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: "The functions runtime is not answering." }));
    });
    req.pipe(upstream);
  }

  const server = http.createServer(async (req, res) => {
    try {
      const pathname = new URL(req.url ?? "/", origin).pathname;
      const image = await images(
        new Request(new URL(req.url ?? "/", origin), { method: req.method, headers: plainHeaders(req) }),
      );
      if (image) return await send(res, image, []);
      const fnMatch = matchFunction(manifest, pathname, req.method ?? "GET");
      if (fnMatch && !fnMatch.route.prefer_static)
        return toFunction(req, res, fnMatch.fn.name, fnMatch.route.pattern);
      const { match, collected } = await staticAnswer(req, pathname);
      if (match && (match.type === "static" || !fnMatch) && match.response.status !== 404)
        return await send(res, match.response, collected);
      if (fnMatch) return toFunction(req, res, fnMatch.fn.name, fnMatch.route.pattern);
      if (match) return await send(res, match.response, collected);
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("Not found");
    } catch (err) {
      console.error(JSON.stringify({ level: "error", msg: "edge error", error: String(err) }));
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: "The edge failed to answer." }));
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    origin,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await netlify.stop().catch(() => {});
    },
  };
}

function plainHeaders(req: http.IncomingMessage): Headers {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v]) headers.append(k, item);
  }
  return headers;
}

async function send(res: http.ServerResponse, response: Response, extra: [string, string][]) {
  const headers = new Headers(response.headers);
  for (const [k, v] of extra) if (!headers.has(k)) headers.set(k, v);
  res.statusCode = response.status;
  for (const [k, v] of headers) if (k !== "set-cookie") res.setHeader(k, v);
  if (!response.body) return void res.end();
  Readable.fromWeb(response.body as never).pipe(res);
}
