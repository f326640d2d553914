/**
 * Staff accounts beyond sign-in: profile, password recovery and user administration. Every
 * change is one transaction; a change of password or role and a deletion end the sessions of
 * that user at once; there is always at least one root_admin.
 */
import { DEFAULT_PROFILE_IMAGE } from "../../shared/staff/auth-schemas";
import type { Role } from "../../shared/staff/staff";
import type { App } from "../http/endpoint";
import { revokeUserSessions } from "./sessions";
import { issueCode, verifyCode } from "../common/codes";
import type { Db } from "../platform/db/db";
import { HttpError, notFound } from "../http/http";
import { log, maskEmail } from "../platform/log";
import { clearAttempts, reserveAttempt } from "./login-guard";
import { sendVisitorMail } from "../common/notify";
import { assertPasswordNotCommon } from "./password-list";
import { hashPassword, verifyPassword } from "../common/passwords";
import { isValidKey, mediaUrl, newKey } from "../platform/storage/storage";
import type { CheckedFile } from "../http/uploads";
import { audit } from "../common/audit";

export interface PublicUser {
  id: number;
  email: string;
  role: Role;
  [k: string]: unknown;
}

const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === "23505";
const DUPLICATE = "A user with this email already exists.";
const LAST_ROOT = "There must always be at least one root_admin: make another user root_admin first.";

// ---- profile ---------------------------------------------------------------------------------

export async function getProfile(db: Db, userId: number) {
  const rows = await db.query<{ email: string; role: Role; profile_image: string | null }>(
    "SELECT email, role, profile_image FROM users WHERE id = $1",
    [userId],
  );
  const row = rows[0];
  if (!row) throw new HttpError(401, "Please sign in to continue.");
  return {
    email: row.email,
    role: row.role,
    profile_image: mediaUrl(row.profile_image) ?? DEFAULT_PROFILE_IMAGE,
  };
}

export const CURRENT_PASSWORD_REQUIRED = "Enter your current password to set a new one.";
export const CURRENT_PASSWORD_WRONG = "The current password is not correct.";

/**
 * A change of one's own password needs the current one (a session left open in an unattended
 * browser must not be enough to take the account over). The check counts against the account's
 * sign-in guesses (login-guard.ts), so it cannot be used to guess the password either.
 */
async function assertCurrentPassword(app: App, db: Db, userId: number, current: string | undefined) {
  if (!current) throw new HttpError(400, CURRENT_PASSWORD_REQUIRED);
  const rows = await db.query<{ email: string; password_hash: string }>(
    "SELECT email, password_hash FROM users WHERE id = $1",
    [userId],
  );
  const row = rows[0];
  if (!row) throw new HttpError(401, "Please sign in to continue.");
  await reserveAttempt(app, db, row.email);
  if (!(await verifyPassword(current, row.password_hash))) throw new HttpError(400, CURRENT_PASSWORD_WRONG);
  await clearAttempts(app, db, row.email);
  return row.email;
}

/**
 * Changes the signed-in user's password and/or image. The new image is stored first, the row
 * updated in a transaction (the new file is removed again if that fails), and the old image is
 * deleted only after the commit. A new password needs the current one, ends the user's other
 * sessions and is told to the user by e-mail.
 */
export async function updateProfile(
  app: App,
  who: { userId: number; sessionId: string; email?: string },
  change: {
    password?: string | undefined;
    currentPassword?: string | undefined;
    image?: CheckedFile | undefined;
  },
) {
  const db = await app.db();
  let email: string | undefined;
  if (change.password) {
    email = await assertCurrentPassword(app, db, who.userId, change.currentPassword);
    await assertPasswordNotCommon(change.password, email);
  }
  const hash = change.password ? await hashPassword(change.password) : undefined;
  const storage = change.image ? await app.storage() : undefined;
  const key = change.image ? newKey("public", change.image.ext) : undefined;
  if (storage && key && change.image) await storage.put(key, change.image.bytes, change.image.mime);
  let oldKey: string | null = null;
  try {
    await db.transaction(async (tx) => {
      const rows = await tx.query<{ profile_image: string | null }>(
        "SELECT profile_image FROM users WHERE id = $1 FOR UPDATE",
        [who.userId],
      );
      if (!rows[0]) throw new HttpError(401, "Please sign in to continue.");
      oldKey = rows[0].profile_image;
      if (key)
        await tx.query("UPDATE users SET profile_image = $2, updated_at = now() WHERE id = $1", [
          who.userId,
          key,
        ]);
      if (hash) {
        await tx.query(
          "UPDATE users SET password_hash = $2, failed_logins = 0, locked_until = NULL, updated_at = now() WHERE id = $1",
          [who.userId, hash],
        );
        await revokeUserSessions(tx, who.userId, app.now(), who.sessionId);
      }
      await audit(
        tx,
        { userId: who.userId, email: who.email ?? null, address: app.clientIp || null },
        {
          action: "profile.update",
          entity: "user",
          entityId: who.userId,
          changes: { profile_image: [oldKey, key ?? oldKey], ...(hash ? { password: ["old", "new"] } : {}) },
        },
      );
    });
  } catch (err) {
    if (storage && key) await storage.delete(key).catch(() => {});
    throw err;
  }
  if (key && oldKey && storage) await deleteImage(app, oldKey);
  if (hash && email) {
    const to = email;
    app.after(() => notifyPasswordChanged(app, { id: who.userId, email: to }, "profile"));
  }
  log.info("profile updated", {
    userId: who.userId,
    image: Boolean(key),
    password: Boolean(hash),
    requestId: app.requestId,
  });
  return getProfile(db, who.userId);
}

async function deleteImage(app: App, key: string) {
  if (!isValidKey(key)) return;
  try {
    await (await app.storage()).delete(key);
  } catch (err) {
    // The row no longer points at it; a left-over file is harmless and logged for clean-up.
    log.warn("old profile image not deleted", { key, error: String(err), requestId: app.requestId });
  }
}

// ---- password recovery -------------------------------------------------------------------------

export const FORGOT_MESSAGE =
  "If an account exists for this email, a 6-digit code is on its way. It is valid for 10 minutes.";

/**
 * Issues a reset code and mails it when the account exists. The code is issued (and the
 * one-a-minute rule applied) for any address, so the answer never tells whether an account
 * exists.
 */
export async function requestPasswordReset(app: App, email: string) {
  const db = await app.db();
  const code = await issueCode(app.deps, "password_reset", email);
  const rows = await db.query<{ id: number }>("SELECT id FROM users WHERE email = $1", [email]);
  const user = rows[0];
  log.info("password reset requested", {
    email: maskEmail(email),
    known: Boolean(user),
    requestId: app.requestId,
  });
  if (!user) return;
  // After the answer: a real account's answer takes no longer than an unknown address's.
  app.after(() =>
    sendVisitorMail(
      app.deps,
      {
        to: email,
        subject: "Your password reset code",
        text: [
          "Someone (hopefully you) asked to reset the password of your Nimbus Cloud Ops dashboard account.",
          "",
          `Your code: ${code}`,
          "",
          "It is valid for 10 minutes and can be used once. If you did not ask for it, ignore this e-mail:",
          "your password stays as it is.",
        ].join("\n"),
      },
      { kind: "password_reset_code", refTable: "users", refId: user.id },
    ),
  );
}

const CODE_MESSAGES = {
  wrong: "The code is not correct. Please check the e-mail and try again.",
  expired: "This code has expired or was used too many times. Please ask for a new one.",
  none: "There is no valid code for this email. Please ask for a new one.",
} as const;

/** Checks the code, sets the new password, ends every session, and tells the user by e-mail. */
export async function resetPassword(app: App, email: string, otp: string, password: string) {
  const db = await app.db();
  await assertPasswordNotCommon(password, email);
  const result = await verifyCode(app.deps, "password_reset", email, otp);
  if (result !== "ok") throw new HttpError(400, CODE_MESSAGES[result]);
  const hash = await hashPassword(password);
  const user = await db.transaction(async (tx) => {
    const rows = await tx.query<{ id: number }>(
      `UPDATE users SET password_hash = $2, failed_logins = 0, locked_until = NULL, updated_at = now()
        WHERE email = $1 RETURNING id`,
      [email, hash],
    );
    const u = rows[0];
    if (u) await revokeUserSessions(tx, u.id, app.now());
    return u;
  });
  // A right code for an address without an account cannot happen through the mail, but the
  // answer stays the generic one.
  if (!user) throw new HttpError(400, CODE_MESSAGES.none);
  await clearAttempts(app, db, email);
  log.info("password reset", { userId: user.id, requestId: app.requestId });
  app.after(() => notifyPasswordChanged(app, { id: user.id, email }, "reset"));
}

const CHANGED_HOW = {
  reset: "was just reset with an e-mail code. Every session that was signed in has been signed out.",
  profile:
    "was just changed in Profile Settings. Every other session that was signed in has been signed out.",
  admin: "was just set by an administrator. Every session that was signed in has been signed out.",
} as const;

/** Tells the owner that their password changed, and what to do if it was not them. */
export async function notifyPasswordChanged(
  app: App,
  user: { id: number; email: string },
  how: keyof typeof CHANGED_HOW,
) {
  await sendVisitorMail(
    app.deps,
    {
      to: user.email,
      subject: "Your password was changed",
      text: [
        `The password of your Nimbus Cloud Ops dashboard account ${CHANGED_HOW[how]}`,
        "",
        "If this was not you, reset your password at once with Forgot Password on the sign-in page and tell your administrator.",
      ].join("\n"),
    },
    { kind: how === "reset" ? "password_reset_done" : "password_changed", refTable: "users", refId: user.id },
  );
}

/** Tells the owner that repeated failures locked the account, and how to get in at once. */
export async function notifyLocked(app: App, user: { id: number; email: string }) {
  await sendVisitorMail(
    app.deps,
    {
      to: user.email,
      subject: "Sign-in to your account was paused",
      text: [
        "There were many failed attempts to sign in to your Nimbus Cloud Ops dashboard account, so",
        "sign-in is paused for 15 minutes.",
        "",
        "If this was you, wait 15 minutes, or use Forgot Password on the sign-in page to set a new",
        "password and sign in at once. If it was not you, your password held; consider changing it.",
      ].join("\n"),
    },
    { kind: "login_locked", refTable: "users", refId: user.id },
  );
}

// ---- user administration -----------------------------------------------------------------------

export async function listUsers(db: Db): Promise<PublicUser[]> {
  return db.query<PublicUser>("SELECT id, email, role FROM users ORDER BY id");
}

export async function addUser(db: Db, input: { email: string; password: string; role: Role }) {
  await assertPasswordNotCommon(input.password, input.email);
  const hash = await hashPassword(input.password);
  try {
    const rows = await db.query<PublicUser>(
      "INSERT INTO users (email, password_hash, role) VALUES ($1, $2, $3) RETURNING id, email, role",
      [input.email, hash, input.role],
    );
    return rows[0]!;
  } catch (err) {
    if (isUniqueViolation(err)) throw new HttpError(409, DUPLICATE);
    throw err;
  }
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
  app: App,
  editor: { userId: number; sessionId: string },
  id: number,
  input: { email: string; role: Role; password?: string | undefined },
) {
  const db = await app.db();
  if (input.password) await assertPasswordNotCommon(input.password, input.email);
  const hash = input.password ? await hashPassword(input.password) : undefined;
  try {
    const edited = await db.transaction(async (tx) => {
      const roots = await lockRootAdmins(tx);
      const rows = await tx.query<PublicUser>("SELECT id, email, role FROM users WHERE id = $1 FOR UPDATE", [
        id,
      ]);
      const before = rows[0];
      if (!before) throw notFound("This user no longer exists.");
      if (before.role === "root_admin" && input.role !== "root_admin" && roots.length <= 1)
        throw new HttpError(409, LAST_ROOT);
      const updated = await tx.query<PublicUser>(
        `UPDATE users SET email = $2, role = $3, password_hash = COALESCE($4, password_hash),
                updated_at = now()
          WHERE id = $1 RETURNING id, email, role`,
        [id, input.email, input.role, hash ?? null],
      );
      if (before.role !== input.role || hash) {
        await revokeUserSessions(tx, id, app.now(), id === editor.userId ? editor.sessionId : undefined);
      }
      if (hash) {
        await tx.query("UPDATE users SET failed_logins = 0, locked_until = NULL WHERE id = $1", [id]);
        await clearAttempts(app, tx, input.email);
      }
      log.info("user edited", {
        userId: id,
        by: editor.userId,
        roleChanged: before.role !== input.role,
        password: Boolean(hash),
        requestId: app.requestId,
      });
      return updated[0]!;
    });
    if (hash) app.after(() => notifyPasswordChanged(app, edited, id === editor.userId ? "profile" : "admin"));
    return edited;
  } catch (err) {
    if (isUniqueViolation(err)) throw new HttpError(409, DUPLICATE);
    throw err;
  }
}

/** Deletes a user (their sessions go with the row); never yourself, never the last root_admin. */
export async function deleteUser(app: App, editor: { userId: number }, id: number) {
  const db = await app.db();
  if (id === editor.userId)
    throw new HttpError(409, "You cannot delete your own account. Ask another root_admin.");
  const image = await db.transaction(async (tx) => {
    const roots = await lockRootAdmins(tx);
    const rows = await tx.query<PublicUser & { profile_image: string | null }>(
      "SELECT id, email, role, profile_image FROM users WHERE id = $1 FOR UPDATE",
      [id],
    );
    const user = rows[0];
    if (!user) throw notFound("This user no longer exists.");
    if (user.role === "root_admin" && roots.length <= 1) throw new HttpError(409, LAST_ROOT);
    await tx.query("DELETE FROM sessions WHERE user_id = $1", [id]);
    await tx.query("DELETE FROM users WHERE id = $1", [id]);
    return user.profile_image;
  });
  log.info("user deleted", { userId: id, by: editor.userId, requestId: app.requestId });
  if (image) await deleteImage(app, image);
}
