/**
 * User administration (root_admin only; the endpoints check the role): list, add, edit and delete
 * staff accounts. Every change is one transaction; a change of password or role and a deletion
 * end the sessions of that user at once; there is always at least one root_admin.
 */
import type { Role } from "../../shared/staff/staff";
import { recordAudited, type Actor } from "../common/audit";
import { AUDIT_FIELDS } from "../common/audit-fields";
import type { Deps } from "../common/deps";
import { Conflict, NotFound } from "../common/errors";
import { hashPassword } from "../common/passwords";
import type { Db } from "../platform/db/db";
import { notifyPasswordChanged } from "./account-mail";
import { clearAttempts } from "./login-guard";
import { assertPasswordNotCommon } from "./password-list";
import { deleteProfileImage } from "./profile";
import { revokeUserSessions } from "./sessions";

export interface PublicUser {
  id: number;
  email: string;
  role: Role;
  [k: string]: unknown;
}

const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === "23505";
const DUPLICATE = "A user with this email already exists.";
const LAST_ROOT = "There must always be at least one root_admin: make another user root_admin first.";
const GONE = "This user no longer exists.";

export async function listUsers({ db }: Pick<Deps, "db">): Promise<PublicUser[]> {
  return db.query<PublicUser>("SELECT id, email, role FROM users ORDER BY id");
}

/** What the audit trail keeps of an account: its e-mail and role (a password only as set). */
const AUDITED = { entity: "user", table: "users", fields: AUDIT_FIELDS.users } as const;

/** Adds an account; the password is audited only as set. */
export async function addUser(
  deps: Pick<Deps, "db" | "now" | "log" | "requestId">,
  actor: Actor,
  input: { email: string; password: string; role: Role },
) {
  const extra = () => ({ password: [undefined, "set"] as const });
  const spec = { ...AUDITED, action: "user.create" as const, idOf: (u: PublicUser) => u.id, extra };
  const user = await recordAudited(deps, actor, spec, async ({ db }) => {
    await assertPasswordNotCommon(input.password, input.email);
    const hash = await hashPassword(input.password);
    try {
      const rows = await db.query<PublicUser>(
        "INSERT INTO users (email, password_hash, role) VALUES ($1, $2, $3) RETURNING id, email, role",
        [input.email, hash, input.role],
      );
      return rows[0]!;
    } catch (err) {
      if (isUniqueViolation(err)) throw new Conflict(DUPLICATE);
      throw err;
    }
  });
  const by = actor.userId;
  deps.log.info("user added", { userId: user.id, role: user.role, by, requestId: deps.requestId });
  return user;
}

async function lockRootAdmins(tx: Db): Promise<number[]> {
  const rows = await tx.query<{ id: number }>(
    "SELECT id FROM users WHERE role = 'root_admin' ORDER BY id FOR UPDATE",
  );
  return rows.map((r) => r.id);
}

/**
 * Edits a user. A role change or a new password ends that user's sessions (the editor keeps the
 * session they are using when they edit themselves).
 */
export async function editUser(
  deps: Pick<Deps, "db" | "mail" | "now" | "secret" | "requestId" | "after" | "log">,
  actor: Actor,
  editor: { userId: number; sessionId: string },
  id: number,
  input: { email: string; role: Role; password?: string | undefined },
) {
  const extra = (): Record<string, readonly [unknown, unknown]> =>
    input.password ? { password: ["set", "new"] } : {};
  const spec = { ...AUDITED, action: "user.update" as const, id, extra };
  return recordAudited(deps, actor, spec, async (deps) => {
    if (input.password) await assertPasswordNotCommon(input.password, input.email);
    const hash = input.password ? await hashPassword(input.password) : undefined;
    try {
      const edited = await deps.db.transaction(async (tx) => {
        const roots = await lockRootAdmins(tx);
        const rows = await tx.query<PublicUser>(
          "SELECT id, email, role FROM users WHERE id = $1 FOR UPDATE",
          [id],
        );
        const before = rows[0];
        if (!before) throw new NotFound(GONE);
        if (before.role === "root_admin" && input.role !== "root_admin" && roots.length <= 1)
          throw new Conflict(LAST_ROOT);
        const updated = await tx.query<PublicUser>(
          `UPDATE users SET email = $2, role = $3, password_hash = COALESCE($4, password_hash),
                  updated_at = now()
            WHERE id = $1 RETURNING id, email, role`,
          [id, input.email, input.role, hash ?? null],
        );
        if (before.role !== input.role || hash) {
          await revokeUserSessions(tx, id, deps.now(), id === editor.userId ? editor.sessionId : undefined);
        }
        if (hash) {
          await tx.query("UPDATE users SET failed_logins = 0, locked_until = NULL WHERE id = $1", [id]);
          await clearAttempts({ db: tx, secret: deps.secret }, input.email);
        }
        deps.log.info("user edited", {
          userId: id,
          by: editor.userId,
          roleChanged: before.role !== input.role,
          password: Boolean(hash),
          requestId: deps.requestId,
        });
        return updated[0]!;
      });
      if (hash)
        deps.after(() => notifyPasswordChanged(deps, edited, id === editor.userId ? "profile" : "admin"));
      return edited;
    } catch (err) {
      if (isUniqueViolation(err)) throw new Conflict(DUPLICATE);
      throw err;
    }
  });
}

/** Deletes a user (their sessions go with the row); never yourself, never the last root_admin. */
export async function deleteUser(
  deps: Pick<Deps, "db" | "storage" | "now" | "requestId" | "log">,
  actor: Actor,
  id: number,
) {
  await recordAudited(deps, actor, { ...AUDITED, action: "user.delete", id }, async (deps) => {
    if (id === actor.userId)
      throw new Conflict("You cannot delete your own account. Ask another root_admin.");
    const image = await deps.db.transaction(async (tx) => {
      const roots = await lockRootAdmins(tx);
      const rows = await tx.query<PublicUser & { profile_image: string | null }>(
        "SELECT id, email, role, profile_image FROM users WHERE id = $1 FOR UPDATE",
        [id],
      );
      const user = rows[0];
      if (!user) throw new NotFound(GONE);
      if (user.role === "root_admin" && roots.length <= 1) throw new Conflict(LAST_ROOT);
      await tx.query("DELETE FROM sessions WHERE user_id = $1", [id]);
      await tx.query("DELETE FROM users WHERE id = $1", [id]);
      return user.profile_image;
    });
    deps.log.info("user deleted", { userId: id, by: actor.userId, requestId: deps.requestId });
    if (image) await deleteProfileImage(deps, image);
  });
}
