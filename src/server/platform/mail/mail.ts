/**
 * The mail port: SES in production (ses.ts), an outbox folder locally (outbox.ts) (one .eml file per message that any
 * mail client opens, and a log line). Messages are plain text: nothing a visitor typed is ever
 * sent as HTML.
 */

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /**
   * An invitation beside the text (RFC 5545 and iTIP, RFC 5546): sent as a `text/calendar;
   * method=...` alternative part that calendars accept.
   */
  calendar?: { method: "REQUEST" | "CANCEL"; ics: string };
}

export interface Mailer {
  send(msg: MailMessage): Promise<void>;
}
