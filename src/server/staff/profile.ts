/**
 * A staff member's own profile: their e-mail, role and picture, and a new password or picture.
 * A new password needs the current one, ends the user's other sessions and is told by e-mail.
 */
import { DEFAULT_PROFILE_IMAGE } from "../../shared/staff/staff";
import type { Role } from "../../shared/staff/staff";
import type { Deps } from "../common/deps";
import { Invalid, Unauthorized } from "../common/errors";
import type { CheckedFile } from "../common/files";
import { hashPassword, verifyPassword } from "../common/passwords";
import { isValidKey, mediaUrl } from "../platform/storage/storage";
import { reencodePicture, removePictures, storePicture } from "../common/pictures";
import { notifyPasswordChanged } from "./account-mail";
import { clearAttempts, reserveAttempt } from "./login-guard";
import { assertPasswordNotCommon } from "./password-list";
import { revokeUserSessions } from "./sessions";
import { afterWrongPassword } from "./wrong-password";
import { recordAudit, type Actor } from "../common/audit";

const SIGN_IN_AGAIN = "Please sign in to continue.";

export async function getProfile({ db }: Pick<Deps, "db">, userId: number) {
  const rows = await db.query<{ email: string; role: Role; profile_image: string | null }>(
    "SELECT email, role, profile_image FROM users WHERE id = $1",
    [userId],
  );
  const row = rows[0];
  if (!row) throw new Unauthorized(SIGN_IN_AGAIN);
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
 * sign-in guesses (login-guard.ts), so it cannot be used to guess the password either, and a
 * wrong one is answered as at sign-in (wrong-password.ts): an audit entry, the lock notice to the
 * owner when it starts a lock, the growing delay.
 */
async function assertCurrentPassword(
  deps: Pick<Deps, "db" | "mail" | "now" | "secret" | "requestId" | "after" | "log" | "sleep">,
  who: { userId: number; address?: string | null },
  current: string | undefined,
) {
  const userId = who.userId;
  if (!current) throw new Invalid(CURRENT_PASSWORD_REQUIRED);
  const rows = await deps.db.query<{ email: string; password_hash: string }>(
    "SELECT email, password_hash FROM users WHERE id = $1",
    [userId],
  );
  const row = rows[0];
  if (!row) throw new Unauthorized(SIGN_IN_AGAIN);
  const { attempt } = await reserveAttempt(deps, row.email);
  if (!(await verifyPassword(current, row.password_hash))) {
    await afterWrongPassword(deps, {
      account: { id: userId, email: row.email },
      attempt,
      address: who.address ?? null,
      action: "profile.password_failed",
      logFields: { userId, requestId: deps.requestId },
    });
    throw new Invalid(CURRENT_PASSWORD_WRONG);
  }
  await clearAttempts(deps, row.email);
  return row.email;
}

type ProfileDeps = Pick<
  Deps,
  "db" | "storage" | "mail" | "now" | "secret" | "requestId" | "after" | "log" | "sleep"
>;

/**
 * Changes the signed-in user's password and/or image. The new image is re-encoded and stored first, the row
 * updated in a transaction (the new file is removed again if that fails), and the old image is
 * deleted only after the commit.
 */
export async function updateProfile(
  deps: ProfileDeps,
  actor: Actor,
  who: { userId: number; sessionId: string },
  change: {
    password?: string | undefined;
    currentPassword?: string | undefined;
    image?: CheckedFile | undefined;
  },
) {
  const { db, storage } = deps;
  let email: string | undefined;
  if (change.password) {
    email = await assertCurrentPassword(deps, { ...who, address: actor.address }, change.currentPassword);
    await assertPasswordNotCommon(change.password, email);
  }
  const hash = change.password ? await hashPassword(change.password) : undefined;
  // Never kept as uploaded: decoded in full and re-encoded, which drops EXIF and its location.
  const webp = change.image ? await reencodePicture(change.image.bytes, "The profile image") : undefined;
  const key = webp ? await storePicture(storage, webp) : undefined;
  let oldKey: string | null = null;
  try {
    await db.transaction(async (tx) => {
      const rows = await tx.query<{ profile_image: string | null }>(
        "SELECT profile_image FROM users WHERE id = $1 FOR UPDATE",
        [who.userId],
      );
      if (!rows[0]) throw new Unauthorized(SIGN_IN_AGAIN);
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
        await revokeUserSessions(tx, who.userId, deps.now(), who.sessionId);
      }
      await recordAudit({ db: tx, now: deps.now }, actor, {
        action: "profile.update",
        entity: "user",
        entityId: who.userId,
        changes: { profile_image: [oldKey, key ?? oldKey], ...(hash ? { password: ["old", "new"] } : {}) },
      });
    });
  } catch (err) {
    if (key) await removePictures(storage, [key]);
    throw err;
  }
  if (key && oldKey) await deleteProfileImage(deps, oldKey);
  if (hash && email) {
    const to = email;
    deps.after(() => notifyPasswordChanged(deps, { id: who.userId, email: to }, "profile"));
  }
  deps.log.info("profile updated", {
    userId: who.userId,
    image: Boolean(key),
    password: Boolean(hash),
    requestId: deps.requestId,
  });
  return getProfile(deps, who.userId);
}

/** Deletes a picture the row no longer points at, with its copy; a left-over file is harmless and logged. */
export async function deleteProfileImage(deps: Pick<Deps, "storage" | "requestId">, key: string) {
  if (!isValidKey(key)) return;
  await removePictures(deps.storage, [key]);
}
