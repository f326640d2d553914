/**
 * A CRM's webhook receiver on this machine (node:http on a free port): it verifies every request
 * with the `standardwebhooks` package, as a receiver would, records it, and answers the status
 * the test sets (200 by default).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

export interface Received {
  body: string;
  headers: Record<string, string>;
  /** The verified payload, or undefined when verification failed (then `error` says why). */
  payload: { type: string; timestamp: string; data: Record<string, unknown> } | undefined;
  error: string | undefined;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** The status the next requests get, and the body of the answer. */
  answer: { status: number; body: string; headers?: Record<string, string>; delayMs?: number };
  /** The secret to verify with (set once the endpoint is created). */
  secret: string | undefined;
  close(): Promise<void>;
}

export async function startReceiver(path = "/hooks/crm"): Promise<Receiver> {
  const r: Receiver = {
    url: "",
    received: [],
    answer: { status: 200, body: "ok" },
    secret: undefined,
    close: () =>
      new Promise((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers[k] = v;
      let payload: Received["payload"];
      let error: string | undefined;
      try {
        payload = new Webhook(r.secret ?? "whsec_MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=").verify(
          body,
          headers,
        ) as Received["payload"];
      } catch (err) {
        error = String(err);
      }
      r.received.push({ body, headers, payload, error });
      const { status, body: text, headers: more, delayMs = 0 } = r.answer;
      setTimeout(() => {
        res.writeHead(status, { "content-type": "text/plain", ...more });
        res.end(text);
      }, delayMs);
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  r.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  return r;
}
