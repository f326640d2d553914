import type { Config } from "@netlify/functions";
import { renewCalendarToken } from "../../src/server/contact/availability";
import { endpoint } from "../../src/server/http/endpoint";
import { renewCalendarFeedApi } from "../../src/shared/booking/api";

/** A new secret address for the member's calendar feed. */
export default endpoint(renewCalendarFeedApi, async ({ deps, actor, staff }) =>
  renewCalendarToken(deps, actor, staff.userId),
);

export const config: Config = { path: "/api/renew-calendar-feed" };
