/**
 * One signed POST to a receiver (Standard Webhooks): the body is the delivery's payload as
 * stored, the headers `webhook-id` (the delivery's message id, the same on every attempt),
 * `webhook-timestamp` (this attempt's time, in seconds) and `webhook-signature`, signed by the
 * `standardwebhooks` package with the endpoint's secret. Sent with node:http(s) so that the
 * socket's own lookup refuses addresses the policy does not allow (./destinations.ts); no
 * redirect is followed (a 3xx is a failure), and the whole exchange has 10 seconds.
 */
import http from "node:http";
import https from "node:https";
import { Webhook } from "standardwebhooks";
import { site } from "../../../config/site";
import { guardedLookup, type DestinationPolicy } from "./destinations";

/** The sender's name in the User-Agent, from src/config/company.json ("acme-cloud-webhooks/1"). */
const USER_AGENT = `${site.name
  .toLowerCase()
  .replace(/[^a-z0-9]+/g, "-")
  .replace(/^-|-$/g, "")}-webhooks/1`;

export const SEND_TIMEOUT_MS = 10_000;
/** How much of the receiver's answer an attempt keeps. */
export const RESPONSE_BYTES = 1024;

export interface Signed {
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
}

/** The three headers of one attempt. The secret never leaves this function but as the signature. */
export function signedHeaders(secret: string, messageId: string, at: Date, body: string): Signed {
  return {
    "webhook-id": messageId,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": new Webhook(secret).sign(messageId, at, body),
  };
}

export interface SendResult {
  ok: boolean;
  statusCode: number | null;
  /** At most RESPONSE_BYTES bytes of UTF-8. */
  body: string | null;
  error: string | null;
  durationMs: number;
}

/** The first `max` bytes of a UTF-8 answer, never cut inside a character, without NULs. */
export function firstBytes(bytes: Buffer, max = RESPONSE_BYTES): string {
  // eslint-disable-next-line no-control-regex -- PostgreSQL text cannot hold NUL
  let text = new TextDecoder().decode(bytes.subarray(0, max)).replace(/\u0000/g, "");
  while (Buffer.byteLength(text) > max) text = text.slice(0, -1);
  return text;
}

function errorText(err: unknown, timeoutMs: number): string {
  const e = err as NodeJS.ErrnoException;
  if (e?.name === "TimeoutError" || e?.name === "AbortError")
    return `No answer within ${timeoutMs / 1000} seconds.`;
  const text =
    e?.code === "EADDRNOTPUBLIC"
      ? "The host now resolves to an address that is not public."
      : String(e?.message ?? err);
  return text.slice(0, 300);
}

export function postSigned(
  url: URL,
  headers: Signed,
  body: string,
  policy: DestinationPolicy,
  timeoutMs = SEND_TIMEOUT_MS,
): Promise<SendResult> {
  const started = Date.now();
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    let done = false;
    const finish = (r: Omit<SendResult, "durationMs">) => {
      if (done) return;
      done = true;
      resolve({ ...r, durationMs: Date.now() - started });
    };
    const req = client.request(
      url,
      {
        method: "POST",
        agent: false,
        lookup: guardedLookup(policy),
        signal: AbortSignal.timeout(timeoutMs),
        headers: {
          "content-type": "application/json",
          "user-agent": USER_AGENT,
          "content-length": String(Buffer.byteLength(body)),
          ...headers,
        },
      },
      (res) => {
        const code = res.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        const settle = () => {
          const ok = code >= 200 && code < 300;
          finish({
            ok,
            statusCode: code >= 100 && code <= 599 ? code : null,
            body: firstBytes(Buffer.concat(chunks)),
            error: ok
              ? null
              : code >= 300 && code < 400
                ? `The receiver answered ${code} (a redirect, which is not followed).`
                : `The receiver answered ${code}.`,
          });
        };
        res.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= RESPONSE_BYTES) {
            settle();
            res.destroy();
          }
        });
        res.on("end", settle);
        res.on("error", settle);
        res.on("close", settle);
      },
    );
    req.on("error", (err) =>
      finish({ ok: false, statusCode: null, body: null, error: errorText(err, timeoutMs) }),
    );
    req.end(body);
  });
}
