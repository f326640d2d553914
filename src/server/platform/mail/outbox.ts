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

const base64Lines = (text: string) =>
  Buffer.from(text.replace(/\r?\n/g, "\r\n")).toString("base64").replace(/.{76}/g, "$&\r\n");

/** A whole message as RFC 5322 text: the outbox's .eml files and SES's raw mail (with an invitation). */
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
  ];
  const text = ["Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: base64"];
  if (!msg.calendar) return `${[...headers, ...text].join("\r\n")}\r\n\r\n${base64Lines(msg.text)}\r\n`;
  const { method, ics } = msg.calendar;
  const boundary = `=_${randomBytes(12).toString("hex")}`;
  const calendarType = `text/calendar; charset=utf-8; method=${method}`;
  return [
    ...headers,
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    "",
    `--${boundary}`,
    ...text,
    "",
    base64Lines(msg.text),
    `--${boundary}`,
    `Content-Type: ${calendarType}`,
    "Content-Transfer-Encoding: base64",
    "",
    base64Lines(ics),
    `--${boundary}--`,
    "",
  ].join("\r\n");
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
