import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { RESEND_MESSAGES, resendNotification } from "../../src/server/contact/notify-retry";
import { resendNotificationApi } from "../../src/shared/contact/leads-api";

/**
 * Sends now; 409 when it already went out or is being sent, 502 when the mail service refuses it
 * again (the scheduled retry keeps trying).
 */
export default endpoint(resendNotificationApi, async ({ deps, actor, body: { id } }) => {
  await resendNotification(deps, id, actor);
  return { id, message: RESEND_MESSAGES.sent };
});

export const config: Config = { path: "/api/resend-notification" };
