import type { StaffSession } from "../../lib/staff";

/** Dashboard screen: BlogAdmin. Receives the signed-in staff member from the dashboard shell. */
export default function BlogAdmin({ session }: { session: StaffSession }) {
  return <h1 data-role={session.role}>BlogAdmin</h1>;
}
