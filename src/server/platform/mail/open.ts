import type { Env } from "../env";
import type { Mailer } from "./mail";
import { createOutboxMailer } from "./outbox";
import { createSesMailer } from "./ses";

export async function openMailer(e: Env): Promise<Mailer> {
  return e.mail.kind === "ses"
    ? createSesMailer(e.mail, e.mailFrom)
    : createOutboxMailer(e.outboxDir, e.mailFrom);
}
