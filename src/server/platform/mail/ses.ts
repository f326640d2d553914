/** Mail through Amazon SES. */
import type { Env } from "../env";
import { log, maskEmail } from "../log";
import type { Mailer } from "./mail";

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
      if (msg.calendar) {
        // An invitation needs its own MIME parts: the raw message, as the outbox writes it.
        const { toEml } = await import("./outbox");
        await client.send(
          new ses.SendRawEmailCommand({
            Source: from,
            Destinations: [msg.to],
            RawMessage: { Data: new TextEncoder().encode(toEml(from, msg)) },
          }),
        );
        log.info("mail sent", { to: maskEmail(msg.to) });
        return;
      }
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
