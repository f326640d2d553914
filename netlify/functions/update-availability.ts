import type { Config } from "@netlify/functions";
import { saveAvailability } from "../../src/server/contact/availability";
import { endpoint } from "../../src/server/http/endpoint";
import { updateAvailabilityApi } from "../../src/shared/booking/api";

/** Saves the signed-in lead owner's time zone, weekly hours, days off and call length. */
export default endpoint(updateAvailabilityApi, async ({ deps, actor, staff, body }) =>
  saveAvailability(deps, actor, staff.userId, body),
);

export const config: Config = { path: "/api/update-availability" };
