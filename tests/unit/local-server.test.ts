/**
 * The local server's front (scripts/lib/local-server.ts): what the outside probe sent to it. A
 * malformed percent-escape in a page's path is a 404 and TRACE a 405, both JSON and before any
 * routing; a client that sends its headers or its body too slowly is cut off within seconds.
 */
import type { AddressInfo } from "node:net";
import net from "node:net";
import type http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS, createLocalServer } from "../../scripts/lib/local-server";
import { BAD_ESCAPES } from "../helpers/hostile";

let server: http.Server;
let base: string;
const routed: string[] = [];

beforeAll(async () => {
  server = createLocalServer((req, res) => {
    routed.push(`${req.method} ${req.url}`);
    // Answered once the body has arrived, as a function reads it.
    req.resume();
    req.on("end", () => res.end("routed"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A raw request, exactly as written (fetch would normalise the path); answers the status line. */
function raw(text: string, to: http.Server = server): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect((to.address() as AddressInfo).port, "127.0.0.1");
    let answer = "";
    socket.on("data", (d) => (answer += d.toString()));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
    socket.write(text);
  });
}

describe("malformed percent-escapes in a page's path", () => {
  it.each([
    "/blog/%E0%A4%A",
    "/%ff",
    "/privacy/%E0",
    "/_astro/%E0%A4%A",
    ...BAD_ESCAPES.map((esc) => `/blog/${esc}`),
  ])("GET %s is a 404 with a JSON error, never routed", async (path) => {
    routed.length = 0;
    const answer = await raw(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 404 /);
    expect(answer).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4))).toHaveProperty("error");
    expect(routed).toEqual([]);
  });

  it("routes a well-formed escape", async () => {
    expect(await (await fetch(`${base}/contact%20us`)).text()).toBe("routed");
  });
});

describe("methods", () => {
  // (A method Node does not know, TRACK, is refused by Node's parser with 400.)
  it.each(["TRACE", "PROPFIND", "PURGE"])("%s is a 405 with Allow", async (method) => {
    routed.length = 0;
    const answer = await raw(`${method} /blog HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    expect(routed).toEqual([]);
    expect(answer).toMatch(/^HTTP\/1\.1 405 /);
    expect(answer).toMatch(/allow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS/i);
  });

  it("routes the methods the site takes", async () => {
    for (const method of ["GET", "POST", "OPTIONS", "DELETE"])
      expect((await fetch(`${base}/x`, { method })).status, method).toBe(200);
  });
});

describe("slow clients", () => {
  it("allows a few seconds for the headers and for the whole request", () => {
    expect(server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
    expect(server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    expect(HEADERS_TIMEOUT_MS).toBeLessThanOrEqual(5_000);
    expect(REQUEST_TIMEOUT_MS).toBeLessThanOrEqual(10_000);
  });

  // The same server with limits of a fraction of a second, so that the cut-off is seen without
  // waiting out the real ones. A server that never cut the client off would fail at the timeout.
  let quick: http.Server;
  beforeAll(async () => {
    quick = createLocalServer(
      (req, res) => {
        req.resume();
        req.on("end", () => res.end("routed"));
      },
      { headersTimeout: 300, requestTimeout: 600, connectionsCheckingInterval: 50 },
    );
    await new Promise<void>((resolve) => quick.listen(0, "127.0.0.1", resolve));
  });
  afterAll(() => new Promise<void>((resolve) => quick.close(() => resolve())));

  it("cuts off a client that never finishes its headers", async () => {
    const answer = await raw("GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ", quick);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  }, 10_000);

  it("cuts off a client that never finishes its body", async () => {
    const answer = await raw(
      "POST /api/submit HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
      quick,
    );
    // The handler has the request, but its body never ends: Node closes at the request's limit.
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).not.toContain("routed");
  }, 10_000);
});
