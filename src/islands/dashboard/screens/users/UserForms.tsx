/** The forms of the user admin screen: Add New User, and a table row edited in place. */
import { useState, type FormEvent } from "react";
import { PASSWORD_MIN, passwordProblem } from "../../../../shared/staff/password-rules";
import { ROLE_LABELS, ROLES, type Role } from "../../../../shared/staff/staff";
import { TextField } from "../../../ui/TextField";
import { addUserApi, editUserApi, type PublicUser } from "../../../../shared/staff/api";
import { api } from "../../api";

export type User = PublicUser;

export function AddUser({
  onAdded,
  onError,
}: {
  onAdded: (u: User) => Promise<void>;
  onError: (text: string) => void;
}) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [role, setRole] = useState<Role>("reader");
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!email.trim() || !password) return onError("Email and password are required.");
    const problem = passwordProblem(password);
    if (problem) return onError(problem);
    setBusy(true);
    try {
      const { user } = await api(addUserApi, { body: { email, password, role } });
      setEmail("");
      setPassword("");
      setRole("reader");
      await onAdded(user);
    } catch (err) {
      onError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card users-add" onSubmit={submit} noValidate aria-labelledby="users-add-title">
      <h2 id="users-add-title">Add New User</h2>
      <div className="users-add__grid">
        <TextField
          id="new-user-email"
          label="Email"
          type="email"
          autoComplete="off"
          value={email}
          onChange={setEmail}
          required
        />
        <TextField
          id="new-user-password"
          label="Password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          hint={`At least ${PASSWORD_MIN} characters.`}
          required
        />
        <div className="field">
          <label htmlFor="new-user-role">Role</label>
          <RoleSelect id="new-user-role" value={role} onChange={setRole} />
        </div>
      </div>
      <button type="submit" className="btn" disabled={busy}>
        {busy ? "Adding..." : "Add User"}
      </button>
    </form>
  );
}

export function EditRow({
  user,
  onCancel,
  onSaved,
  onError,
}: {
  user: User;
  onCancel: () => void;
  onSaved: (u: User) => Promise<void>;
  onError: (text: string) => void;
}) {
  const [email, setEmail] = useState(user.email);
  const [role, setRole] = useState<Role>(user.role);
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const id = `edit-user-${user.id}`;

  async function save() {
    if (!email.trim()) return onError("Email is required.");
    if (password) {
      const problem = passwordProblem(password);
      if (problem) return onError(problem);
    }
    setBusy(true);
    try {
      // A blank password is left out: the user keeps the current one.
      const body = password ? { email, role, password } : { email, role };
      const saved = await api(editUserApi, { params: { id: user.id }, body });
      await onSaved(saved.user);
    } catch (err) {
      onError((err as Error).message);
      setBusy(false);
    }
  }

  return (
    <tr className="users-table__editing">
      <td data-label="ID">{user.id}</td>
      <td data-label="Email">
        <label htmlFor={`${id}-email`} className="visually-hidden">
          Email of user {user.id}
        </label>
        <input
          id={`${id}-email`}
          className="input"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoFocus
        />
        <label htmlFor={`${id}-password`} className="visually-hidden">
          New password of user {user.id} (leave blank to keep)
        </label>
        <input
          id={`${id}-password`}
          className="input users-table__password"
          type="password"
          autoComplete="new-password"
          placeholder="New password (blank keeps it)"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </td>
      <td data-label="Role">
        <label htmlFor={`${id}-role`} className="visually-hidden">
          Role of user {user.id}
        </label>
        <RoleSelect id={`${id}-role`} className="input" value={role} onChange={setRole} />
      </td>
      <td data-label="Actions">
        <div className="users-table__actions">
          <button type="button" className="btn btn--small" onClick={() => void save()} disabled={busy}>
            {busy ? "Saving..." : "Save"}
          </button>
          <button type="button" className="btn btn--ghost btn--small" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </td>
    </tr>
  );
}

/** The staff roles, in a select (Add New User and a row being edited). */
function RoleSelect({
  id,
  className,
  value,
  onChange,
}: {
  id: string;
  className?: string;
  value: Role;
  onChange: (role: Role) => void;
}) {
  return (
    <select id={id} className={className} value={value} onChange={(e) => onChange(e.target.value as Role)}>
      {ROLES.map((r) => (
        <option key={r} value={r}>
          {ROLE_LABELS[r]}
        </option>
      ))}
    </select>
  );
}
