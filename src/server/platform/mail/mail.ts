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
}

export interface Mailer {
  send(msg: MailMessage): Promise<void>;
}
