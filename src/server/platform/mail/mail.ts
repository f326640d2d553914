/**
 * The mail port: SES in production, an outbox folder locally (one .eml file per message that any
 * mail client opens, and a log line). Messages are plain text: nothing a visitor typed is ever
 * sent as HTML.
 */
import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Env } from "../env";
import { log, maskEmail } from "../log";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
}

export interface Mailer {
  send(msg: MailMessage): Promise<void>;
}

/** RFC 2047 encoding for a header with non-ASCII text. */
function encodeHeader(value: string): string {
  const clean = value.replace(/[\r\n]+/g, " ");
  return /^[\x20-\x7e]*$/.test(clean) ? clean : `=?UTF-8?B?${Buffer.from(clean).toString("base64")}?=`;
}

export function toEml(from: string, msg: MailMessage, date = new Date()): string {
  const id = `${randomBytes(12).toString("hex")}@outbox.local`;
  const headers = [
    `From: ${encodeHeader(from)}`,
    `To: ${encodeHeader(msg.to)}`,
    ...(msg.replyTo ? [`Reply-To: ${encodeHeader(msg.replyTo)}`] : []),
    `Subject: ${encodeHeader(msg.subject)}`,
    `Date: ${date.toUTCString()}`,
    `Message-ID: <${id}>`,
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "Content-Transfer-Encoding: base64",
  ];
  const body = Buffer.from(msg.text.replace(/\r?\n/g, "\r\n")).toString("base64").replace(/.{76}/g, "$&\r\n");
  return `${headers.join("\r\n")}\r\n\r\n${body}\r\n`;
}

export function createOutboxMailer(dir: string, from: string): Mailer {
  return {
    async send(msg) {
      await mkdir(dir, { recursive: true });
      const name = `${Date.now()}-${randomBytes(4).toString("hex")}.eml`;
      await writeFile(path.join(dir, name), toEml(from, msg));
      log.info("mail written to outbox", { to: maskEmail(msg.to), file: name });
    },
  };
}

export async function createSesMailer(
  cfg: Extract<Env["mail"], { kind: "ses" }>,
  from: string,
): Promise<Mailer> {
  const ses = await import("@aws-sdk/client-ses");
  const client = new ses.SESClient({
    region: cfg.region,
    ...(cfg.endpoint ? { endpoint: cfg.endpoint } : {}),
    ...(cfg.accessKeyId && cfg.secretAccessKey
      ? { credentials: { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey } }
      : {}),
  });
  return {
    async send(msg) {
      await client.send(
        new ses.SendEmailCommand({
          Source: from,
          Destination: { ToAddresses: [msg.to] },
          ...(msg.replyTo ? { ReplyToAddresses: [msg.replyTo] } : {}),
          Message: {
            Subject: { Data: msg.subject, Charset: "UTF-8" },
            Body: { Text: { Data: msg.text, Charset: "UTF-8" } },
          },
        }),
      );
      log.info("mail sent", { to: maskEmail(msg.to) });
    },
  };
}

export async function openMailer(e: Env): Promise<Mailer> {
  return e.mail.kind === "ses"
    ? createSesMailer(e.mail, e.mailFrom)
    : createOutboxMailer(e.outboxDir, e.mailFrom);
}
