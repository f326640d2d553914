import { useCallback, useEffect, useState } from "react";
import type { StaffSession } from "../../../../shared/staff/staff";
import Modal from "../../../ui/Modal";
import { roleLabel } from "../../../../shared/staff/staff";
import { deleteUserApi, getUsersApi } from "../../../../shared/staff/api";
import { api } from "../../api";
import { AddUser, EditRow, type User } from "./UserForms";

type Note = { kind: "error" | "success"; text: string } | null;

/** User admin (root_admin only): the 'Admin Users' table, Add New User, inline edit, delete. */
export default function UserAdmin({ session }: { session: StaffSession }) {
  return <Users session={session} />;
}

function Users({ session }: { session: StaffSession }) {
  const [users, setUsers] = useState<User[] | null>(null);
  const [note, setNote] = useState<Note>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);

  const load = useCallback(async () => {
    try {
      const data = await api(getUsersApi);
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
      await api(deleteUserApi, { params: { id: user.id } });
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
                  <td data-label="Role">{roleLabel(u.role)}</td>
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
