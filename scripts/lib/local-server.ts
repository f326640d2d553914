/**
 * The local server's HTTP front (scripts/serve.ts): Node's server with short limits for a slow
 * client, and the refusals made before any routing: a method no page or function takes (TRACE,
 * CONNECT...) is a 405, and a path whose percent-escapes are malformed names nothing: a 404.
 * Both are JSON `{ error }`, never a 500 (tests/unit/local-server.test.ts).
 */
import http from "node:http";

/** The methods the site answers; any other is refused with 405 before routing. */
export const LOCAL_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

/** The most a client may take to send a request's headers, and the whole request (body too). */
export const HEADERS_TIMEOUT_MS = 5_000;
export const REQUEST_TIMEOUT_MS = 10_000;
/**
 * An idle kept-alive connection stays open for a minute, as behind Netlify's edge, not Node's 5 s:
 * a client that reuses a connection just as the server closes it gets ECONNRESET (a browser
 * retries; a script's fetch fails), and a short timeout makes that race frequent on a busy machine.
 * (The headers' limit counts from a request's first byte, not while the connection is idle.)
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** Whether a path's percent-escapes all decode (UTF-8). */
function decodes(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/** The refusal of a request before routing, or undefined when it may be routed. */
export function refusalOf(
  req: Pick<http.IncomingMessage, "method" | "url">,
): { status: 404 | 405; error: string; headers: Record<string, string> } | undefined {
  if (!(LOCAL_METHODS as readonly string[]).includes(req.method ?? ""))
    return {
      status: 405,
      error: `The method ${req.method} is not allowed.`,
      headers: { allow: LOCAL_METHODS.join(", ") },
    };
  const pathname = (req.url ?? "/").split(/[?#]/)[0]!;
  if (!decodes(pathname)) return { status: 404, error: "There is nothing at this address.", headers: {} };
  return undefined;
}

/** How long a slow client may take, and how often the server looks (Node's server options). */
export interface SlowClientLimits {
  headersTimeout: number;
  requestTimeout: number;
  connectionsCheckingInterval: number;
}

export const SLOW_CLIENT_LIMITS: SlowClientLimits = {
  headersTimeout: HEADERS_TIMEOUT_MS,
  requestTimeout: REQUEST_TIMEOUT_MS,
  connectionsCheckingInterval: 1_000,
};

/**
 * The local server: `handle` answers what is not refused before routing. A client that sends its
 * headers or its request too slowly gets 408 and the connection closes (checked every second).
 * `limits` other than the server's own are for tests that cut a slow client off in a moment.
 */
export function createLocalServer(
  handle: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void> | void,
  limits: SlowClientLimits = SLOW_CLIENT_LIMITS,
): http.Server {
  const server = http.createServer({ ...limits }, (req, res) => {
    const refusal = refusalOf(req);
    if (!refusal) return void handle(req, res);
    // A body the refusal leaves unread would stall a kept-alive connection: close it after.
    const hasBody = Number(req.headers["content-length"] ?? 0) > 0 || "transfer-encoding" in req.headers;
    const body = JSON.stringify({ error: refusal.error });
    res.writeHead(refusal.status, {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(body),
      "cache-control": "no-store",
      ...refusal.headers,
      ...(hasBody ? { connection: "close" } : {}),
    });
    res.end(body);
  });
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  return server;
}
