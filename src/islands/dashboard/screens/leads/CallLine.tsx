/** The call a buyer booked, in the staff member's own time: "Call booked: Tue 3 Mar, 20:30 your time". */
import type { Lead } from "../../../../shared/contact/leads-api";
import p from "../../pipeline.module.css";

/** "Tue 3 Mar, 20:30 your time", in this browser's time zone. */
export function callTime(at: string): string {
  const d = new Date(at);
  const day = new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short" })
    .format(d)
    .replace(",", "");
  const time = new Intl.DateTimeFormat("en-GB", {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(d);
  return `${day}, ${time} your time`;
}

export default function CallLine({ lead }: { lead: Lead }) {
  if (!lead.meeting) return null;
  return <p className={p.due}>Call booked: {callTime(lead.meeting.start)}</p>;
}
