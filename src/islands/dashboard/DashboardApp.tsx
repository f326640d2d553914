import { useEffect, useState } from "react";
import { canManageUsers, isRole, type StaffSession } from "../../lib/staff";
import BlogAdmin from "./BlogAdmin";
import CandidateAdmin from "./CandidateAdmin";
import LeadsInbox from "./LeadsInbox";

type Screen = "admin_blog" | "candidate" | "adminuser" | "leads";

function screenOf(pathname: string): Screen {
  const part = pathname.replace(/^\/dashboard\/?/, "").split("/")[0];
  return part === "candidate" || part === "adminuser" || part === "leads" ? part : "admin_blog";
}

const MENU: { screen: Screen; label: string; href: string; rootOnly?: boolean }[] = [
  { screen: "admin_blog", label: "Blog", href: "/dashboard/admin_blog" },
  { screen: "candidate", label: "Candidates", href: "/dashboard/candidate" },
  { screen: "leads", label: "Leads", href: "/dashboard/leads" },
  { screen: "adminuser", label: "User Admin", href: "/dashboard/adminuser", rootOnly: true },
];

/** The dashboard shell: session check, side menu, top bar, and the screen for the path. */
export default function DashboardApp() {
  const [session, setSession] = useState<StaffSession | null>(null);
  const screen = screenOf(window.location.pathname);

  useEffect(() => {
    fetch("/api/check-session", { credentials: "same-origin" })
      .then((r) => (r.ok ? r.json() : { loggedIn: false }))
      .then((s: { loggedIn: boolean; role?: string; email?: string; userId?: number }) => {
        if (!s.loggedIn || !isRole(s.role)) return window.location.replace("/admin");
        setSession({ role: s.role, email: s.email ?? "", userId: s.userId ?? 0 });
      })
      .catch(() => window.location.replace("/admin"));
  }, []);

  async function logout() {
    await fetch("/api/logout", { method: "POST", credentials: "same-origin" }).catch(() => {});
    window.location.replace("/admin");
  }

  if (!session) return <p role="status">Loading...</p>;
  return (
    <div className="dash">
      <nav aria-label="Dashboard">
        <ul>
          {MENU.filter((m) => !m.rootOnly || canManageUsers(session.role)).map((m) => (
            <li key={m.screen}>
              <a href={m.href} aria-current={m.screen === screen ? "page" : undefined}>
                {m.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div>
        <header>
          <p>Admin Dashboard</p>
          <button type="button" onClick={logout}>
            Logout
          </button>
        </header>
        {screen === "admin_blog" && <BlogAdmin session={session} />}
        {screen === "candidate" && <CandidateAdmin session={session} />}
        {screen === "leads" && <LeadsInbox session={session} />}
        {screen === "adminuser" &&
          (canManageUsers(session.role) ? <h1>Admin Users</h1> : <h1>Access Denied</h1>)}
      </div>
    </div>
  );
}
