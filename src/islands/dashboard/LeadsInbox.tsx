import type { StaffSession } from "../../lib/staff";

/** Dashboard screen: LeadsInbox. Receives the signed-in staff member from the dashboard shell. */
export default function LeadsInbox({ session }: { session: StaffSession }) {
  return <h1 data-role={session.role}>LeadsInbox</h1>;
}
