/** Mail as .eml files in a local folder (and a log line): what `npm start` sends. */
import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { log, maskEmail } from "../log";
import type { Mailer, MailMessage } from "./mail";

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
