/**
 * The real parts behind the rehearsal, each on its own port: PostgreSQL reached through Neon's
 * WebSocket path (a WebSocket-to-TCP bridge, as Neon's proxy does), s3rver for S3,
 * aws-ses-v2-local for SES, and a stand-in for Netlify's purge API that records each call.
 */
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import sesModule from "aws-ses-v2-local";
import S3rver from "s3rver";
import { startWsBridge } from "../../tests/helpers/ws-bridge";

export interface PurgeCall {
  authorization: string | undefined;
  body: { cache_tags?: string[]; site_id?: string; [k: string]: unknown };
}

/** Netlify's purge API (POST /api/v1/purge), answered as Netlify does, every call recorded. */
export async function startPurgeStandIn(port: number, token: string) {
  const calls: PurgeCall[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? "/", "http://localhost");
    if (req.method === "GET" && url.pathname === "/calls") {
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify(calls));
    }
    if (req.method === "POST" && url.pathname === "/api/v1/purge") {
      let body: PurgeCall["body"] = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as PurgeCall["body"];
      } catch {
        /* recorded as empty: the check below fails it */
      }
      calls.push({ authorization: req.headers.authorization, body });
      const ok = req.headers.authorization === `Bearer ${token}` && Array.isArray(body.cache_tags);
      res.writeHead(ok ? 202 : 401, { "content-type": "application/json" });
      return res.end(ok ? "{}" : JSON.stringify({ code: 401, message: "Access Denied" }));
    }
    res.writeHead(404).end();
    return undefined;
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface Ports {
  bridge: number;
  s3: number;
  ses: number;
  purge: number;
}

export async function startServices(pgUrl: string, ports: Ports, siteOrigin: string, purgeToken: string) {
  const pg = new URL(pgUrl);
  const bridge = await startWsBridge(pg.hostname, Number(pg.port), ports.bridge);

  const s3Dir = mkdtempSync(path.join(os.tmpdir(), "rehearse-s3-"));
  // Browsers may PUT or POST uploads straight to the bucket from the site's pages.
  const cors = `<CORSConfiguration><CORSRule><AllowedOrigin>${siteOrigin}</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedMethod>POST</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>600</MaxAgeSeconds></CORSRule></CORSConfiguration>`;
  const s3 = new S3rver({
    address: "127.0.0.1",
    port: ports.s3,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: "rehearsal-uploads", configs: [cors] }],
  });
  const s3Address = (await s3.run()) as AddressInfo;

  // A CommonJS module: its default export arrives wrapped when loaded from ESM.
  const sesServer = (sesModule as unknown as { default?: typeof sesModule }).default ?? sesModule;
  const ses = await sesServer({ host: "127.0.0.1", port: ports.ses });
  const purge = await startPurgeStandIn(ports.purge, purgeToken);

  return {
    neonWsProxy: bridge.url,
    s3: { endpoint: `http://127.0.0.1:${s3Address.port}`, bucket: "rehearsal-uploads", dir: s3Dir },
    sesUrl: `http://127.0.0.1:${ports.ses}`,
    purge,
    async close() {
      await bridge.close();
      await s3.close();
      ses.closeAllConnections();
      await new Promise<void>((resolve) => ses.close(() => resolve()));
      await purge.close();
      rmSync(s3Dir, { recursive: true, force: true });
    },
  };
}
