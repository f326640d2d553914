/** The dashboard header's account menu: the member's picture and e-mail, Profile Settings, Logout. */
import { useEffect, useId, useRef, useState } from "react";
import { logoutApi } from "../../shared/staff/api";
import { send } from "../lib/api-client";
import type { Profile } from "./api";

/** Where the shell keeps, for the visit, whether its menu is open; logging out clears it. */
export const MENU_KEY = "dashboard-menu";

export default function ProfileMenu({
  profile,
  onOpenProfile,
}: {
  profile: Profile;
  onOpenProfile: () => void;
}) {
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
