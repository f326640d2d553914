import type { Config } from "@netlify/functions";
import { scheduled } from "../../src/server/http/endpoint";
import { remindMeetings } from "../../src/server/contact/meeting-mail";

/**
 * Scheduled every 5 minutes: the reminders of booked calls, 24 hours and 1 hour before, each sent
 * once (src/server/contact/booking.ts). The local server runs it on a timer (scripts/lib/schedules.ts).
 */
export default scheduled(remindMeetings);

export const config: Config = { schedule: "*/5 * * * *" };
