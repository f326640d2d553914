import { useEffect, useId, useRef, useState } from "react";
import { DEFAULT_PROFILE_IMAGE } from "../../shared/staff/auth-schemas";
import { canManageUsers, isRole, type StaffSession } from "../../shared/staff/staff";
import { api, type Profile } from "./api";
import BlogAdmin from "./BlogAdmin";
import CandidateAdmin from "./CandidateAdmin";
import ErrorBoundary from "./ErrorBoundary";
import AuditTrail from "./AuditTrail";
import PrivacyAdmin from "./PrivacyAdmin";
import LeadsInbox from "./LeadsInbox";
import Overview from "./Overview";
import ProfileModal from "./ProfileModal";
import UserAdmin from "./UserAdmin";

type Screen = "overview" | "admin_blog" | "candidate" | "adminuser" | "leads" | "audit" | "privacy";

const SCREENS: readonly Screen[] = ["admin_blog", "candidate", "adminuser", "leads", "audit", "privacy"];

/** /dashboard opens on the overview; each other screen has its own path. */
function screenOf(pathname: string): Screen {
  const part = pathname.replace(/^\/dashboard\/?/, "").split("/")[0] ?? "";
  return (SCREENS as readonly string[]).includes(part) ? (part as Screen) : "overview";
}

const ICONS: Record<Screen, string> = {
  overview: "M3 13h8V3H3zm0 8h8v-6H3zm10 0h8V11h-8zm0-18v6h8V3z",
  admin_blog: "M4 5h16v3H4zM4 10h10v2H4zM4 14h16v2H4zM4 18h12v2H4z",
  candidate: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-8 8c0-4 4-6 8-6s8 2 8 6z",
  leads: "M3 5h18v14H3zm2 2v.5l7 4.5 7-4.5V7zm0 2.9V17h14V9.9l-7 4.5z",
  adminuser: "M12 2l8 3v6c0 5-3.4 9.4-8 11-4.6-1.6-8-6-8-11V5zm0 5a3 3 0 1 0 0 6 3 3 0 0 0 0-6z",
  audit: "M6 2h9l5 5v15H6zm8 1.5V8h4.5zM9 12h8v2H9zm0 4h8v2H9z",
  privacy:
    "M12 1a5 5 0 0 0-5 5v4H5v12h14V10h-2V6a5 5 0 0 0-5-5zm-3 5a3 3 0 0 1 6 0v4H9zm3 8a2 2 0 0 1 1 3.7V20h-2v-2.3A2 2 0 0 1 12 14z",
};

const MENU: { screen: Screen; label: string; href: string; rootOnly?: boolean }[] = [
  { screen: "overview", label: "Overview", href: "/dashboard" },
  { screen: "admin_blog", label: "Blog", href: "/dashboard/admin_blog" },
  { screen: "candidate", label: "Candidates", href: "/dashboard/candidate" },
  { screen: "leads", label: "Leads", href: "/dashboard/leads" },
  { screen: "adminuser", label: "User Admin", href: "/dashboard/adminuser", rootOnly: true },
  { screen: "audit", label: "Audit trail", href: "/dashboard/audit", rootOnly: true },
  { screen: "privacy", label: "Privacy", href: "/dashboard/privacy", rootOnly: true },
];

const WIDE = "(min-width: 1024px)";
const MENU_KEY = "dashboard-menu";

/** The dashboard: the session check, then the shell around the screen of the path. */
export default function DashboardApp() {
  return (
    <ErrorBoundary>
      <Dashboard />
    </ErrorBoundary>
  );
}

function Dashboard() {
  const [session, setSession] = useState<StaffSession | null>(null);

  useEffect(() => {
    fetch("/api/check-session", { credentials: "same-origin" })
      .then((r) => (r.ok ? r.json() : { loggedIn: false }))
      .then((s: { loggedIn: boolean; role?: string; email?: string; userId?: number }) => {
        if (!s.loggedIn || !isRole(s.role)) return window.location.replace("/admin");
        setSession({ role: s.role, email: s.email ?? "", userId: s.userId ?? 0 });
      })
      // SPEC: a failed session check sends to /admin.
      .catch(() => window.location.replace("/admin"));
  }, []);

  if (!session)
    return (
      <p role="status" className="dash-loading">
        Loading...
      </p>
    );
  return <Shell session={session} />;
}

function Shell({ session }: { session: StaffSession }) {
  const screen = screenOf(window.location.pathname);
  const [menuOpen, setMenuOpen] = useState(() => {
    const saved = sessionStorage.getItem(MENU_KEY);
    return window.matchMedia(WIDE).matches ? saved !== "closed" : false;
  });
  const [profile, setProfile] = useState<Profile>({
    email: session.email,
    role: session.role,
    profile_image: DEFAULT_PROFILE_IMAGE,
  });
  const [profileOpen, setProfileOpen] = useState(false);
  const navId = useId();

  useEffect(() => {
    api<Profile>("/api/profile")
      .then(setProfile)
      .catch(() => {});
  }, []);

  function toggleMenu() {
    const next = !menuOpen;
    setMenuOpen(next);
    if (window.matchMedia(WIDE).matches) sessionStorage.setItem(MENU_KEY, next ? "open" : "closed");
  }

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && !window.matchMedia(WIDE).matches) setMenuOpen(false);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  return (
    <div className={`dash ${menuOpen ? "dash--menu-open" : "dash--menu-closed"}`}>
      <header className="dash-top">
        <button
          type="button"
          className="dash-top__toggle"
          aria-expanded={menuOpen}
          aria-controls={navId}
          onClick={toggleMenu}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <span className="visually-hidden">{menuOpen ? "Close menu" : "Open menu"}</span>
        </button>
        <p className="dash-top__title">Admin Dashboard</p>
        <ProfileMenu profile={profile} onOpenProfile={() => setProfileOpen(true)} />
      </header>
      <div className="dash-body">
        <nav id={navId} className="dash-nav" aria-label="Dashboard" hidden={!menuOpen}>
          <ul>
            {MENU.filter((m) => !m.rootOnly || canManageUsers(session.role)).map((m) => (
              <li key={m.screen}>
                <a href={m.href} aria-current={m.screen === screen ? "page" : undefined}>
                  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                    <path d={ICONS[m.screen]} fill="currentColor" />
                  </svg>
                  <span>{m.label}</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {menuOpen && (
          <button
            type="button"
            className="dash-scrim"
            aria-label="Close menu"
            tabIndex={-1}
            onClick={() => setMenuOpen(false)}
          />
        )}
        <div className="dash-content">
          <ErrorBoundary>
            {screen === "overview" && <Overview session={session} />}
            {screen === "admin_blog" && <BlogAdmin session={session} />}
            {screen === "candidate" && <CandidateAdmin session={session} />}
            {screen === "leads" && <LeadsInbox session={session} />}
            {screen === "adminuser" && <UserAdmin session={session} />}
            {screen === "audit" && <AuditTrail session={session} />}
            {screen === "privacy" && <PrivacyAdmin session={session} />}
          </ErrorBoundary>
        </div>
      </div>
      <ProfileModal
        open={profileOpen}
        profile={profile}
        onClose={() => setProfileOpen(false)}
        onSaved={setProfile}
      />
    </div>
  );
}

function ProfileMenu({ profile, onOpenProfile }: { profile: Profile; onOpenProfile: () => void }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        ref.current?.querySelector<HTMLButtonElement>(".dash-profile__button")?.focus();
      }
    };
    document.addEventListener("mousedown", onDown);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  async function logout() {
    await fetch("/api/logout", { method: "POST", credentials: "same-origin" }).catch(() => {});
    // SPEC: logout clears the stored role and user id.
    for (const k of ["role", "userId", "user_id"]) localStorage.removeItem(k);
    sessionStorage.removeItem(MENU_KEY);
    window.location.replace("/admin");
  }

  return (
    <div className="dash-profile" ref={ref}>
      <button
        type="button"
        className="dash-profile__button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
      >
        <img src={profile.profile_image} alt="" width="36" height="36" />
        <span className="dash-profile__email">{profile.email}</span>
        <span className="visually-hidden">Account menu</span>
      </button>
      <ul id={menuId} className="dash-profile__menu" hidden={!open}>
        <li>
          <button
            type="button"
            onClick={() => {
              setOpen(false);
              onOpenProfile();
            }}
          >
            Profile Settings
          </button>
        </li>
        <li>
          <button type="button" onClick={logout}>
            Logout
          </button>
        </li>
      </ul>
    </div>
  );
}
