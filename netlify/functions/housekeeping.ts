import type { Config } from "@netlify/functions";
import { scheduled } from "../../src/server/http/endpoint";
import { runHousekeeping } from "../../src/server/privacy/housekeeping";

/**
 * Daily: the one housekeeping job (src/server/privacy/housekeeping.ts): lifetimes, reminders and
 * pruning; two runs at once do the work once. The local server runs it on a timer
 * (scripts/lib/schedules.ts). https://docs.netlify.com/build/functions/scheduled-functions/
 */
export default scheduled(runHousekeeping);

export const config: Config = { schedule: "@daily" };
