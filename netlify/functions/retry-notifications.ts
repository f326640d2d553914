import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { json } from "../../src/server/http/http";
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
export default endpoint(
  async (_req, app) => {
    const sales = await retryNotifications(app.deps);
    const lead = await retryLeadMails(app.deps);
    return json({
      due: sales.due + lead.due,
      sent: sales.sent + lead.sent,
      failed: sales.failed + lead.failed,
    });
  },
  {
    // The scheduler's request carries no Origin of the site.
    allowCrossOrigin: true,
  },
);

export const config: Config = { schedule: "*/10 * * * *" };
