/**
 * Password recovery by e-mail code (common/codes.ts): ask for a code, then set a new password
 * with it. The answers never tell whether an account exists for an address.
 */
import { site } from "../../config/site";
import type { Deps } from "../common/deps";
import { issueCode, verifyCode } from "../common/codes";
import { Invalid } from "../common/errors";
import { sendVisitorMail } from "../common/notify";
import { hashPassword } from "../common/passwords";
import { maskEmail } from "../platform/log";
import { notifyPasswordChanged } from "./account-mail";
import { clearAttempts } from "./login-guard";
import { assertPasswordNotCommon } from "./password-list";
import { revokeUserSessions } from "./sessions";
import { accountOf, recordAuth } from "./auth-events";

type ResetDeps = Pick<Deps, "db" | "mail" | "now" | "secret" | "requestId" | "after" | "log">;

export const FORGOT_MESSAGE =
  "If an account exists for this email, a 6-digit code is on its way. It is valid for 10 minutes.";

/**
 * Issues a reset code and mails it when the account exists. The code is issued (and the
 * one-a-minute rule applied) for any address, so the answer never tells whether an account
 * exists.
 */
export async function requestPasswordReset(deps: ResetDeps, email: string, address: string | null) {
  await mailResetCode(deps, email);
  await recordAuth(deps, address, "auth.reset_requested", await accountOf(deps.db, email));
}

async function mailResetCode(deps: ResetDeps, email: string) {
  const code = await issueCode(deps, "password_reset", email);
  const rows = await deps.db.query<{ id: number }>("SELECT id FROM users WHERE email = $1", [email]);
  const user = rows[0];
  deps.log.info("password reset requested", {
    email: maskEmail(email),
    known: Boolean(user),
    requestId: deps.requestId,
  });
  if (!user) return;
  // After the answer: a real account's answer takes no longer than an unknown address's.
  deps.after(() =>
    sendVisitorMail(
      deps,
      {
        to: email,
        subject: "Your password reset code",
        text: [
          `Someone (hopefully you) asked to reset the password of your ${site.name} dashboard account.`,
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
export async function resetPassword(
  deps: ResetDeps,
  input: { email: string; otp: string; password: string },
  address: string | null,
) {
  try {
    await changeByCode(deps, input.email, input.otp, input.password);
  } catch (err) {
    // A wrong or spent code (the password rules are checked first and are not an event).
    if (err instanceof Invalid && !/password/i.test(err.message))
      await recordAuth(deps, address, "auth.reset_failed", await accountOf(deps.db, input.email));
    throw err;
  }
  await recordAuth(deps, address, "auth.password_reset", await accountOf(deps.db, input.email));
}

async function changeByCode(deps: ResetDeps, email: string, otp: string, password: string) {
  await assertPasswordNotCommon(password, email);
  const result = await verifyCode(deps, "password_reset", email, otp);
  if (result !== "ok") throw new Invalid(CODE_MESSAGES[result]);
  const hash = await hashPassword(password);
  const user = await deps.db.transaction(async (tx) => {
    const rows = await tx.query<{ id: number }>(
      `UPDATE users SET password_hash = $2, failed_logins = 0, locked_until = NULL, updated_at = now()
        WHERE email = $1 RETURNING id`,
      [email, hash],
    );
    const u = rows[0];
    if (u) await revokeUserSessions(tx, u.id, deps.now());
    return u;
  });
  // A right code for an address without an account cannot happen through the mail, but the
  // answer stays the generic one.
  if (!user) throw new Invalid(CODE_MESSAGES.none);
  await clearAttempts(deps, email);
  deps.log.info("password reset", { userId: user.id, requestId: deps.requestId });
  deps.after(() => notifyPasswordChanged(deps, { id: user.id, email }, "reset"));
}
