import { useCallback, useEffect, useState, type FormEvent } from "react";
import { PASSWORD_MIN, passwordProblem } from "../../lib/password-rules";
import { canManageUsers, ROLES, type Role, type StaffSession } from "../../lib/staff";
import Modal from "../ui/Modal";
import { api } from "./api";

interface User {
  id: number;
  email: string;
  role: Role;
}

type Note = { kind: "error" | "success"; text: string } | null;

/** User admin (root_admin only): the 'Admin Users' table, Add New User, inline edit, delete. */
export default function UserAdmin({ session }: { session: StaffSession }) {
  if (!canManageUsers(session.role))
    return (
      <section className="dash-screen" aria-labelledby="users-title">
        <h1 id="users-title">Access Denied</h1>
        <p>Only a root admin can manage user accounts.</p>
      </section>
    );
  return <Users session={session} />;
}

function Users({ session }: { session: StaffSession }) {
  const [users, setUsers] = useState<User[] | null>(null);
  const [note, setNote] = useState<Note>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);

  const load = useCallback(async () => {
    try {
      const data = await api<{ users: User[] }>("/api/get-users");
      setUsers(data.users);
    } catch (err) {
      console.error("users not loaded", err);
      setUsers([]);
      setNote({ kind: "error", text: (err as Error).message });
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  async function remove(user: User) {
    try {
      await api(`/api/delete-user/${user.id}`, { method: "DELETE" });
      setNote({ kind: "success", text: `User ${user.email} deleted.` });
      await load();
    } catch (err) {
      setNote({ kind: "error", text: (err as Error).message });
    } finally {
      setDeleting(null);
    }
  }

  return (
    <section className="dash-screen" aria-labelledby="users-title">
      <h1 id="users-title">Admin Users</h1>
      <AddUser
        onAdded={async (u) => {
          setNote({ kind: "success", text: `User ${u.email} added.` });
          await load();
        }}
        onError={(text) => setNote({ kind: "error", text })}
      />
      <p
        role={note?.kind === "error" ? "alert" : "status"}
        className={note ? `alert alert--${note.kind}` : "dash-empty-live"}
      >
        {note?.text}
      </p>
      {users === null ? (
        <p role="status">Loading users...</p>
      ) : users.length === 0 ? (
        <p>No users found.</p>
      ) : (
        <table className="dash-table users-table">
          <caption className="visually-hidden">Staff accounts</caption>
          <thead>
            <tr>
              <th scope="col">ID</th>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {users.map((u) =>
              editing === u.id ? (
                <EditRow
                  key={u.id}
                  user={u}
                  onCancel={() => setEditing(null)}
                  onSaved={async (saved) => {
                    setEditing(null);
                    setNote({ kind: "success", text: `User ${saved.email} updated.` });
                    await load();
                  }}
                  onError={(text) => setNote({ kind: "error", text })}
                />
              ) : (
                <tr key={u.id}>
                  <td data-label="ID">{u.id}</td>
                  <td data-label="Email" className="users-table__email">
                    <span>
                      {u.email}
                      {u.id === session.userId && <span className="users-table__you"> (you)</span>}
                    </span>
                  </td>
                  <td data-label="Role">{u.role}</td>
                  <td data-label="Actions">
                    <div className="users-table__actions">
                      <button
                        type="button"
                        className="btn btn--ghost btn--small"
                        onClick={() => {
                          setNote(null);
                          setEditing(u.id);
                        }}
                        aria-label={`Edit ${u.email}`}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="btn btn--danger btn--small"
                        onClick={() => setDeleting(u)}
                        aria-label={`Delete ${u.email}`}
                        disabled={u.id === session.userId}
                        title={u.id === session.userId ? "You cannot delete your own account." : undefined}
                      >
                        Delete
                      </button>
                    </div>
                  </td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      )}
      <Modal open={deleting !== null} title="Delete user" onClose={() => setDeleting(null)} alert>
        <p>Are you sure you want to delete this user?</p>
        {deleting && (
          <p className="modal__hint">{deleting.email} will be signed out and can no longer sign in.</p>
        )}
        <div className="modal__actions">
          <button type="button" className="btn btn--ghost" onClick={() => setDeleting(null)} data-autofocus>
            Cancel
          </button>
          <button type="button" className="btn btn--danger" onClick={() => deleting && void remove(deleting)}>
            Delete
          </button>
        </div>
      </Modal>
    </section>
  );
}

function AddUser({
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
      const { user } = await api<{ user: User }>("/api/add-user", {
        method: "POST",
        body: JSON.stringify({ email, password, role }),
      });
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
        <div className="field">
          <label htmlFor="new-user-email">Email</label>
          <input
            id="new-user-email"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
          />
        </div>
        <div className="field">
          <label htmlFor="new-user-password">Password</label>
          <input
            id="new-user-password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-describedby="new-user-password-hint"
            required
          />
          <span id="new-user-password-hint" className="dash-hint">
            At least {PASSWORD_MIN} characters.
          </span>
        </div>
        <div className="field">
          <label htmlFor="new-user-role">Role</label>
          <select id="new-user-role" value={role} onChange={(e) => setRole(e.target.value as Role)}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </div>
      </div>
      <button type="submit" className="btn" disabled={busy}>
        {busy ? "Adding..." : "Add User"}
      </button>
    </form>
  );
}

function EditRow({
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
      const saved = await api<{ user: User }>(`/api/edit-user/${user.id}`, {
        method: "PUT",
        body: JSON.stringify(body),
      });
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
        <select
          id={`${id}-role`}
          className="input"
          value={role}
          onChange={(e) => setRole(e.target.value as Role)}
        >
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
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
