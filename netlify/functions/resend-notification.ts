import type { Config } from "@netlify/functions";
import { resendNotificationSchema } from "../../src/shared/contact/admin-schemas";
import { endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { json, parseBody, requireMethod, validate } from "../../src/server/http/http";
import { RESEND_MESSAGES, resendNotification } from "../../src/server/contact/notify-retry";
import { staffActor } from "../../src/server/common/audit";

/**
 * POST /api/resend-notification { id } -> { id, message }: sends an inquiry's sales notification
 * again now (admin and root_admin). 409 when it already went out or is being sent, 502 when the
 * mail service refuses it again (the scheduled retry keeps trying).
 */
export default endpoint(async (req, app) => {
  requireMethod(req, "POST");
  const staff = await requireStaff(app, req, "write");
  const { id } = validate(resendNotificationSchema, await parseBody(req));
  await resendNotification(app.deps, id, staffActor(app, staff));
  return json({ id, message: RESEND_MESSAGES.sent });
});

export const config: Config = { path: "/api/resend-notification" };
