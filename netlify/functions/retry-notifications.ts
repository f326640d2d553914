import type { Config } from "@netlify/functions";
import { scheduled } from "../../src/server/http/endpoint";
import { retryNotifications } from "../../src/server/contact/notify-retry";
import { retryLeadMails } from "../../src/server/contact/lead-mail-retry";

/**
 * Scheduled every 10 minutes: sends again the sales notifications that failed, each after its
 * wait (src/server/contact/notify-retry.ts), then the owners' mails and overdue reminders that
 * failed (src/server/contact/lead-mail-retry.ts); answers the mails due, sent and failed in all.
 * Netlify calls it on the schedule only; it has no public address. The local server
 * (scripts/serve.ts) runs it on a timer.
 * https://docs.netlify.com/build/functions/scheduled-functions/
 */
export default scheduled(async (deps) => {
  const [sales, lead] = [await retryNotifications(deps), await retryLeadMails(deps)];
  return { due: sales.due + lead.due, sent: sales.sent + lead.sent, failed: sales.failed + lead.failed };
});

export const config: Config = { schedule: "*/10 * * * *" };
