import type { Config } from "@netlify/functions";
import { scheduled } from "../../src/server/http/endpoint";
import { remindOverdue } from "../../src/server/contact/targets";

/**
 * Scheduled every 10 minutes: mails the owner (or the admins) of each lead whose response-time
 * target was just missed, once per lead and target (src/server/contact/targets.ts). Netlify calls
 * it on the schedule only; the local server runs it on a timer (scripts/lib/schedules.ts).
 */
export default scheduled(remindOverdue);

export const config: Config = { schedule: "*/10 * * * *" };
