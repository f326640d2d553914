import { Suspense, useEffect, useId, useMemo, useRef, useState } from "react";
import { DEFAULT_PROFILE_IMAGE } from "../../shared/staff/staff";
import { may, rolesWith } from "../../shared/staff/permissions";
import { isRole, roleLabel, type StaffSession } from "../../shared/staff/staff";
import { checkSessionApi, logoutApi, profileApi } from "../../shared/staff/api";
import { send } from "../lib/api-client";
import { api, type Profile } from "./api";
import ErrorBoundary from "./ErrorBoundary";
import ProfileModal from "./ProfileModal";
import { SCREENS, screenAt, screenHref } from "./screens";
import type { DashboardScreen } from "./screens/screen";

const WIDE = "(min-width: 1024px)";
const MENU_KEY = "dashboard-menu";

type SessionAnswer = Awaited<ReturnType<typeof send<typeof checkSessionApi>>>;

/** The signed-in member of a session check's answer, or null (signed out, or a role unknown here). */
function sessionOf(a: SessionAnswer): StaffSession | null {
  if (!a.ok || !a.data.loggedIn || !isRole(a.data.role)) return null;
  return { role: a.data.role, email: a.data.email, userId: a.data.userId };
}

/**
 * Started as soon as this code runs, before React renders anything, side by side: the session
 * check and the code of the screen at this address (each screen's code is a chunk of its own).
 */
let earlySessionCheck: Promise<SessionAnswer> | undefined = send(checkSessionApi);
/** Its member, once it answered: the first render then shows the screen at once. */
let earlySession: StaffSession | null = null;
earlySessionCheck.then(
  (a) => (earlySession = sessionOf(a)),
  () => {},
);
/** The code of the screen at this address, on its way; settled (loaded or failed) when done. */
const earlyScreen = screenAt(window.location.pathname)
  ?.load()
  .catch(() => {});

/** The session check started early, once; a later mount asks again. */
function sessionCheck() {
  const early = earlySessionCheck;
  earlySessionCheck = undefined;
  earlySession = null;
  return early ?? send(checkSessionApi);
}

/** The dashboard: the session check, then the shell around the screen of the path. */
export default function DashboardApp() {
  return (
    <ErrorBoundary>
      <Dashboard />
    </ErrorBoundary>
  );
}

function Dashboard() {
  const [session, setSession] = useState<StaffSession | null>(() => earlySession);
  // The shell waits for its screen's code too when that is already on its way: shown through
  // React.lazy instead, the screen would wait behind Suspense's fallback, which React keeps on
  // screen for at least 300 ms.
  const [screenReady, setScreenReady] = useState(
    () => !earlyScreen || Boolean(screenAt(location.pathname)?.loaded),
  );

  useEffect(() => {
    if (!screenReady) void earlyScreen?.then(() => setScreenReady(true));
  }, []);

  useEffect(() => {
    const check = sessionCheck();
    // The early answer was the first render's: nothing left to do.
    if (session) return;
    check
      .then((a) => {
        const member = sessionOf(a);
        if (!member) return window.location.replace("/admin");
        setSession(member);
      })
      // SPEC: a failed session check sends to /admin.
      .catch(() => window.location.replace("/admin"));
  }, []);

  if (!session || !screenReady)
    return (
      <p role="status" className="dash-loading">
        Loading...
      </p>
    );
  return <Shell session={session} />;
}

function Shell({ session }: { session: StaffSession }) {
  const screen = screenAt(window.location.pathname);
  const usable = useMemo(() => SCREENS.filter((m) => may(session.role, m.needs)), [session.role]);
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
    api(profileApi)
      .then(setProfile)
      .catch(() => {});
  }, []);

  // The screen, kept as the same element while only the shell changes (the menu opening on a
  // phone re-renders the shell alone, not the screen under it: INP).
  const content = useMemo(() => {
    const Screen = screen?.loaded ?? screen?.Component;
    return (
      <ErrorBoundary>
        {!screen ? (
          <NotFound usable={usable} />
        ) : usable.includes(screen) ? (
          // Each screen's code is its own chunk, fetched when the screen is opened.
          <Suspense
            fallback={
              <p role="status" className="dash-loading">
                Loading...
              </p>
            }
          >
            {Screen && <Screen session={session} />}
          </Suspense>
        ) : (
          <NoAccess session={session} screen={screen} usable={usable} />
        )}
      </ErrorBoundary>
    );
  }, [screen, usable, session]);

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
            {usable.map((m) => (
              <li key={m.path}>
                <a href={screenHref(m)} aria-current={m === screen ? "page" : undefined}>
                  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                    <path d={m.icon} fill="currentColor" />
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
        <div className="dash-content">{content}</div>
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

/** An address under /dashboard that names no screen: said inside the shell, with the way back. */
function NotFound({ usable }: { usable: readonly DashboardScreen[] }) {
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
function NoAccess({
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
    await send(logoutApi).catch(() => {});
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
