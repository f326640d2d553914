import { Suspense, useEffect, useId, useMemo, useState } from "react";
import { DEFAULT_PROFILE_IMAGE } from "../../shared/staff/staff";
import { may } from "../../shared/staff/permissions";
import { isRole, type StaffSession } from "../../shared/staff/staff";
import { checkSessionApi, profileApi } from "../../shared/staff/api";
import { send } from "../lib/api-client";
import { api, type Profile } from "./api";
import ErrorBoundary from "./ErrorBoundary";
import ProfileMenu, { MENU_KEY } from "./ProfileMenu";
import ProfileModal from "./ProfileModal";
import { NoAccess, NotFound } from "./ScreenRefusals";
import { SCREENS, screenAt, screenHref } from "./screens";

const WIDE = "(min-width: 1024px)";

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
