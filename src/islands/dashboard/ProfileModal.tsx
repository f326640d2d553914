import { useEffect, useRef, useState, type FormEvent } from "react";
import { PASSWORD_MIN, passwordProblem } from "../../shared/staff/password-rules";
import { MAX_FILES_LABEL, UPLOADS } from "../../shared/common/upload-limits";
import Modal from "../ui/Modal";
import { TextField } from "../ui/TextField";
import { updateProfileApi } from "../../shared/staff/api";
import { roleLabel } from "../../shared/staff/staff";
import { api, ApiError, type Profile } from "./api";
import SessionsList from "./SessionsList";

interface Props {
  open: boolean;
  profile: Profile;
  onClose: () => void;
  onSaved: (p: Profile) => void;
}

/**
 * Profile Settings: image (click to choose, previewed), read-only e-mail and role, masked
 * password with Change revealing Current, New and Confirm, Cancel and Save; then the list of
 * signed-in devices, each of which can be signed out.
 */
export default function ProfileModal({ open, profile, onClose, onSaved }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [changing, setChanging] = useState(false);
  const [currentPassword, setCurrentPassword] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: "error" | "success"; text: string } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  /** Bumped after a password change: the server ended the other sessions, the list reloads. */
  const [sessionsVersion, setSessionsVersion] = useState(0);

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  function clear() {
    setFile(null);
    setChanging(false);
    setCurrentPassword("");
    setNewPassword("");
    setConfirm("");
    setMessage(null);
    setBusy(false);
    if (fileInput.current) fileInput.current.value = "";
  }

  function close() {
    clear();
    onClose();
  }

  function choose(f: File | undefined) {
    setMessage(null);
    if (!f) return;
    if (!UPLOADS.image.mimes.includes(f.type))
      return setMessage({ kind: "error", text: `Choose a ${UPLOADS.image.names} image.` });
    if (f.size > UPLOADS.image.maxBytes)
      return setMessage({ kind: "error", text: `The image may be at most ${MAX_FILES_LABEL}.` });
    setFile(f);
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    setMessage(null);
    const withPassword = changing && (newPassword !== "" || confirm !== "");
    if (withPassword) {
      if (!currentPassword)
        return setMessage({ kind: "error", text: "Enter your current password to set a new one." });
      if (newPassword !== confirm) return setMessage({ kind: "error", text: "Passwords do not match!" });
      const problem = passwordProblem(newPassword);
      if (problem) return setMessage({ kind: "error", text: problem });
    }
    if (!withPassword && !file) return close();
    const form = new FormData();
    if (withPassword) {
      form.append("current_password", currentPassword);
      form.append("password", newPassword);
    }
    if (file) form.append("profileImage", file);
    setBusy(true);
    try {
      const saved = await api(updateProfileApi, { body: form });
      onSaved(saved);
      clear();
      if (withPassword) setSessionsVersion((v) => v + 1);
      setMessage({ kind: "success", text: "Profile updated successfully!" });
    } catch (err) {
      // The server's reason when it is one the user can act on (a wrong current password...).
      const reason = err instanceof ApiError && err.status === 400 ? ` ${err.message}` : "";
      setMessage({ kind: "error", text: `Failed to update profile!${reason}` });
      setBusy(false);
    }
  }

  return (
    <Modal open={open} title="Profile Settings" onClose={close}>
      <form onSubmit={save} noValidate className="profile-form">
        <div className="profile-form__image">
          <button
            type="button"
            className="profile-form__pick"
            onClick={() => fileInput.current?.click()}
            aria-describedby="profile-image-hint"
            data-autofocus
          >
            <img src={preview ?? profile.profile_image} alt="Your profile image" width="96" height="96" />
            <span className="profile-form__pick-label">Change profile image</span>
          </button>
          <p id="profile-image-hint" className="modal__hint">
            {UPLOADS.image.names}, up to {MAX_FILES_LABEL}.
          </p>
          <input
            ref={fileInput}
            id="profile-image"
            type="file"
            accept={UPLOADS.image.accept}
            className="visually-hidden"
            tabIndex={-1}
            aria-label="Profile image file"
            onChange={(e) => choose(e.target.files?.[0])}
          />
        </div>
        <TextField id="profile-email" label="Email" type="email" value={profile.email} />
        <TextField id="profile-role" label="Role" value={roleLabel(profile.role)} />
        <div className="field">
          <label htmlFor="profile-password">Password</label>
          <div className="profile-form__password">
            <input id="profile-password" type="password" value="************" readOnly autoComplete="off" />
            <button
              type="button"
              className="btn btn--ghost"
              aria-expanded={changing}
              aria-controls="profile-new-password-fields"
              onClick={() => {
                setChanging(!changing);
                setCurrentPassword("");
                setNewPassword("");
                setConfirm("");
              }}
            >
              Change
            </button>
          </div>
        </div>
        <div id="profile-new-password-fields" hidden={!changing}>
          <TextField
            id="profile-current"
            label="Current Password"
            type="password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={setCurrentPassword}
          />
          <TextField
            id="profile-new"
            label="New Password"
            type="password"
            autoComplete="new-password"
            value={newPassword}
            onChange={setNewPassword}
            hint={`At least ${PASSWORD_MIN} characters. Your other signed-in devices will be signed out.`}
            hintClass="modal__hint"
          />
          <TextField
            id="profile-confirm"
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={setConfirm}
          />
        </div>
        <p
          role={message?.kind === "error" ? "alert" : "status"}
          className={message ? `alert alert--${message.kind}` : "dash-empty-live"}
        >
          {message?.text}
        </p>
        <div className="modal__actions">
          <button type="button" className="btn btn--ghost" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="btn" disabled={busy}>
            {busy ? "Saving..." : "Save"}
          </button>
        </div>
      </form>
      <SessionsList open={open} version={sessionsVersion} />
    </Modal>
  );
}
