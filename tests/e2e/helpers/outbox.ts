import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { e2eDataDir } from "./data-dir";

/** The mail the local server wrote to its outbox (the e2e server's DATA_DIR/outbox). */
export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  /** The text/calendar part of an invitation: its method and iCalendar text. */
  calendar?: { method: string; ics: string };
}

const b64 = (s: string) => Buffer.from(s.replace(/\s+/g, ""), "base64").toString("utf8");

/** The parts of a multipart/alternative body: each part's Content-Type and decoded text. */
function partsOf(body: string, boundary: string): { type: string; text: string }[] {
  return body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => {
      const [head = "", content = ""] = part.replace(/^\r\n/, "").split("\r\n\r\n");
      return { type: /^Content-Type: (.*)$/im.exec(head)?.[1]?.trim() ?? "", text: b64(content) };
    });
}

function decodeHeader(v: string): string {
  return v.replace(/=\?UTF-8\?B\?([^?]+)\?=/gi, (_, b64: string) =>
    Buffer.from(b64, "base64").toString("utf8"),
  );
}

export function readOutbox(): OutboxMail[] {
  const dir = path.join(e2eDataDir(), "outbox");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .map((file) => {
      const raw = readFileSync(path.join(dir, file), "utf8");
      const [head = "", body = ""] = raw.split("\r\n\r\n");
      const header = (name: string) =>
        decodeHeader(head.match(new RegExp(`^${name}: (.*)$`, "mi"))?.[1]?.trim() ?? "");
      const boundary = /boundary="([^"]+)"/.exec(head)?.[1];
      if (boundary) {
        const rest = raw.slice(raw.indexOf("\r\n\r\n") + 4);
        const parts = partsOf(rest, boundary);
        const cal = parts.find((p) => p.type.startsWith("text/calendar"));
        return {
          file,
          to: header("To"),
          subject: header("Subject"),
          text: parts.find((p) => p.type.startsWith("text/plain"))?.text ?? "",
          ...(cal ? { calendar: { method: /method=(\w+)/.exec(cal.type)?.[1] ?? "", ics: cal.text } } : {}),
        };
      }
      return { file, to: header("To"), subject: header("Subject"), text: b64(body) };
    });
}

/** Waits for the newest mail to an address (optionally matching a subject) and returns it. */
export async function waitForMail(to: string, subject?: RegExp, timeoutMs = 10_000): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = readOutbox()
      .filter((m) => m.to.toLowerCase().includes(to.toLowerCase()) && (!subject || subject.test(m.subject)))
      .pop();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No mail to ${to} in the outbox`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The first 6-digit code in a mail's text. */
export function codeIn(mail: OutboxMail): string {
  const m = mail.text.match(/\b(\d{6})\b/);
  if (!m) throw new Error(`No code in mail "${mail.subject}"`);
  return m[1]!;
}
