/**
 * Every page of the sitemap arrives whole in a new connection's first round trip: its status line,
 * headers and brotli body within the 14.6 kB that ten TCP segments carry (the initial congestion
 * window of Linux servers and of Lighthouse's simulation). A page over it waits one round trip
 * more for the rest of its HTML, 150 ms on Lighthouse's phone: the blog's list once did
 * (bench/latest.md).
 *
 * The pages weighed are the seed's: this spec runs first, alone (the "seed" project of
 * playwright.config.ts), before other specs add posts and comments to them.
 */
import http from "node:http";
import { expect, test } from "@playwright/test";

const FIRST_ROUND_TRIP = 10 * 1460;

/** The bytes of an answer as they cross the wire: status line, headers, blank line and body. */
function wireBytes(
  url: string,
): Promise<{ status: number; headers: number; body: number; encoding?: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "gzip, deflate, br, zstd" } }, (res) => {
        let body = 0;
        res.on("data", (chunk: Buffer) => (body += chunk.length));
        res.on("end", () => {
          let headers = `HTTP/${res.httpVersion} ${res.statusCode} ${res.statusMessage}\r\n`.length + 2;
          for (let i = 0; i < res.rawHeaders.length; i += 2)
            headers += `${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`.length;
          resolve({ status: res.statusCode!, headers, body, encoding: res.headers["content-encoding"] });
        });
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

test("every page of the sitemap, headers included, fits a new connection's first round trip", async ({
  request,
  baseURL,
}) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  expect(pages).toContain("/blog");
  expect(pages.some((p) => p.startsWith("/blog/"))).toBe(true);
  const over: string[] = [];
  for (const path of pages) {
    const wire = await wireBytes(new URL(path, baseURL).href);
    expect(wire.status, path).toBe(200);
    expect(wire.encoding, path).toBe("br");
    const total = wire.headers + wire.body;
    if (total > FIRST_ROUND_TRIP)
      over.push(
        `${path}: ${total} bytes (headers ${wire.headers}, body ${wire.body}), ${total - FIRST_ROUND_TRIP} over`,
      );
  }
  expect(over, `pages over ${FIRST_ROUND_TRIP} bytes`).toEqual([]);
});
