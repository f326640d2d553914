/**
 * What the dashboard says at an address a member cannot use: one that names no screen (NotFound),
 * and a screen their role is not for (NoAccess), each with the screens they can go to instead.
 */
import { rolesWith } from "../../shared/staff/permissions";
import { roleLabel, type StaffSession } from "../../shared/staff/staff";
import { screenHref } from "./screens";
import type { DashboardScreen } from "./screens/screen";

/** An address under /dashboard that names no screen: said inside the shell, with the way back. */
export function NotFound({ usable }: { usable: readonly DashboardScreen[] }) {
  const others = usable.filter((m) => m.path !== "");
  return (
    <section className="dash-screen dash-no-access" aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page not found</h1>
      <p>This dashboard address names no screen. It may be mistyped, or the screen may have moved.</p>
      <p>
        <a href="/dashboard">Go to the overview</a>
      </p>
      <YourScreens screens={others} />
    </section>
  );
}

/** The screens a member can go to instead (the not-found and no-access views). */
function YourScreens({ screens }: { screens: readonly DashboardScreen[] }) {
  if (screens.length === 0) return null;
  return (
    <>
      <h2>Your screens</h2>
      <ul>
        {screens.map((m) => (
          <li key={m.path}>
            <a href={screenHref(m)}>{m.label}</a>
          </li>
        ))}
      </ul>
    </>
  );
}

/** "Owner, Admin and Sales". */
const listOf = (words: string[]) => words.join(", ").replace(/, ([^,]*)$/, " and $1");

/** A screen the member's role cannot use: what it is, why not, and where they can go instead. */
export function NoAccess({
  session,
  screen,
  usable,
}: {
  session: StaffSession;
  screen: DashboardScreen;
  usable: readonly DashboardScreen[];
}) {
  return (
    <section className="dash-screen dash-no-access" aria-labelledby="no-access-title">
      <h1 id="no-access-title">Access Denied</h1>
      {screen.needs.startsWith("users:") && <p>Only a root admin can manage user accounts.</p>}
      <p>
        {screen.label} is for these roles: {listOf(rolesWith(screen.needs).map(roleLabel))}. You are signed in
        as <strong>{roleLabel(session.role)}</strong>; an owner of the site can change your role.
      </p>
      <YourScreens screens={usable} />
    </section>
  );
}
