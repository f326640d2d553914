import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { parseBody, requireMethod, validate, respond } from "../../src/server/http/http";
import { RESEND_MESSAGES, resendNotification } from "../../src/server/contact/notify-retry";
import { staffActor } from "../../src/server/common/audit";
import { resendNotificationApi } from "../../src/shared/api/leads";

/**
 * POST /api/resend-notification { id } -> { id, message }: sends an inquiry's sales notification
 * again now (admin and root_admin). 409 when it already went out or is being sent, 502 when the
 * mail service refuses it again (the scheduled retry keeps trying).
 */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "POST");
    const staff = await requireStaff(app, req, "write");
    const { id } = validate(resendNotificationApi.body, await parseBody(req));
    await resendNotification(app.deps, id, staffActor(app, staff));
    return respond(resendNotificationApi, { id, message: RESEND_MESSAGES.sent });
  },
  { api: resendNotificationApi },
);

export const config: Config = { path: "/api/resend-notification" };
