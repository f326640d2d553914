import type { Config } from "@netlify/functions";
import { calendarFeed } from "../../src/server/contact/calendar-feed";
import { endpoint } from "../../src/server/http/endpoint";
import { calendarResponse } from "../../src/server/http/calendar";
import { calendarFeedApi } from "../../src/shared/booking/api";

/** A lead owner's calls as an iCalendar feed, at the secret address of My availability. */
export default endpoint(calendarFeedApi, async ({ deps, params }) =>
  calendarResponse(await calendarFeed(deps, params.file.replace(/\.ics$/, ""))),
);

export const config: Config = { path: "/api/calendar/:file" };
