/**
 * iCalendar text (RFC 5545) for a call: the invitation (METHOD:REQUEST), its cancellation
 * (METHOD:CANCEL, the same UID and a higher SEQUENCE) and a staff member's feed (METHOD:PUBLISH).
 * Times are UTC; lines end in CRLF and fold at 75 octets.
 */
import { site } from "../../config/site";

export interface CallEvent {
  uid: string;
  sequence: number;
  start: Date;
  end: Date;
  /** When this version of the event was written (DTSTAMP). */
  stamp: Date;
  summary: string;
  description: string;
  location?: string;
  organizer: { email: string; name?: string };
  attendees: { email: string; name?: string }[];
  cancelled?: boolean;
}

/** 20270303T150000Z */
export function icalTime(d: Date): string {
  return d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** TEXT value escaping (RFC 5545 3.3.11). */
export function escapeText(s: string): string {
  return s.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/** A parameter value, quoted (no quote or control character may stay in it). */
const param = (s: string) => `"${s.replace(/["\r\n\t]/g, " ")}"`;

/** Folds a content line at 75 octets, never inside a UTF-8 character. */
export function fold(line: string): string {
  const bytes = Buffer.from(line, "utf8");
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let start = 0;
  let limit = 75;
  while (start < bytes.length) {
    let end = Math.min(start + limit, bytes.length);
    while (end < bytes.length && (bytes[end]! & 0xc0) === 0x80) end--;
    parts.push(bytes.subarray(start, end).toString("utf8"));
    start = end;
    limit = 74; // the continuation's leading space counts
  }
  return parts.join("\r\n ");
}

const person = (prop: string, p: { email: string; name?: string }, extra = "") =>
  `${prop}${p.name ? `;CN=${param(p.name)}` : ""}${extra}:mailto:${p.email}`;

function eventLines(e: CallEvent): string[] {
  return [
    "BEGIN:VEVENT",
    `UID:${e.uid}`,
    `SEQUENCE:${e.sequence}`,
    `DTSTAMP:${icalTime(e.stamp)}`,
    `DTSTART:${icalTime(e.start)}`,
    `DTEND:${icalTime(e.end)}`,
    `SUMMARY:${escapeText(e.summary)}`,
    `DESCRIPTION:${escapeText(e.description)}`,
    ...(e.location ? [`LOCATION:${escapeText(e.location)}`] : []),
    person("ORGANIZER", e.organizer),
    ...e.attendees.map((a) => person("ATTENDEE", a, ";ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE")),
    `STATUS:${e.cancelled ? "CANCELLED" : "CONFIRMED"}`,
    "TRANSP:OPAQUE",
    "END:VEVENT",
  ];
}

function calendar(method: "REQUEST" | "CANCEL" | "PUBLISH", events: CallEvent[], name?: string): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${escapeText(site.name)}//Calls//EN`,
    "CALSCALE:GREGORIAN",
    `METHOD:${method}`,
    ...(name ? [`X-WR-CALNAME:${escapeText(name)}`] : []),
    ...events.flatMap(eventLines),
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}

export const invitation = (e: CallEvent) => calendar("REQUEST", [e]);
export const cancellation = (e: CallEvent) => calendar("CANCEL", [{ ...e, cancelled: true }]);
export const feed = (name: string, events: CallEvent[]) => calendar("PUBLISH", events, name);
