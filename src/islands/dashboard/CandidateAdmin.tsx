import type { StaffSession } from "../../lib/staff";

/** Dashboard screen: CandidateAdmin. Receives the signed-in staff member from the dashboard shell. */
export default function CandidateAdmin({ session }: { session: StaffSession }) {
  return <h1 data-role={session.role}>CandidateAdmin</h1>;
}
