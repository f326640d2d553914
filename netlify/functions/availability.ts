import type { Config } from "@netlify/functions";
import { getAvailability } from "../../src/server/contact/availability";
import { endpoint } from "../../src/server/http/endpoint";
import { availabilityApi } from "../../src/shared/booking/api";

/** The signed-in lead owner's own availability for calls. */
export default endpoint(availabilityApi, async ({ deps, staff }) => getAvailability(deps, staff.userId));

export const config: Config = { path: "/api/availability" };
