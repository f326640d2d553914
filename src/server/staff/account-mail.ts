/**
 * Mail to a staff member about their own account: a changed password, a paused sign-in. It has
 * caps of its own (common/notify.ts sendAccountMail), so the codes anyone can ask for cannot
 * silence it.
 */
import { site } from "../../config/site";
import type { Deps } from "../common/deps";
import { sendAccountMail } from "../common/notify";

export type AccountMailDeps = Pick<Deps, "db" | "mail" | "now" | "secret" | "requestId" | "log">;

const CHANGED_HOW = {
  reset: "was just reset with an e-mail code. Every session that was signed in has been signed out.",
  profile:
    "was just changed in Profile Settings. Every other session that was signed in has been signed out.",
  admin: "was just set by an administrator. Every session that was signed in has been signed out.",
} as const;

/** Tells the owner that their password changed, and what to do if it was not them. */
export async function notifyPasswordChanged(
  deps: AccountMailDeps,
  user: { id: number; email: string },
  how: keyof typeof CHANGED_HOW,
) {
  await sendAccountMail(
    deps,
    {
      to: user.email,
      subject: "Your password was changed",
      text: [
        `The password of your ${site.name} dashboard account ${CHANGED_HOW[how]}`,
        "",
        "If this was not you, reset your password at once with Forgot Password on the sign-in page and tell your administrator.",
      ].join("\n"),
    },
    { kind: how === "reset" ? "password_reset_done" : "password_changed", refTable: "users", refId: user.id },
    "password",
  );
}

/** Tells the owner that repeated failures locked the account, and how to get in at once. */
export async function notifyLocked(deps: AccountMailDeps, user: { id: number; email: string }) {
  await sendAccountMail(
    deps,
    {
      to: user.email,
      subject: "Sign-in to your account was paused",
      text: [
        `There were many failed attempts to sign in to your ${site.name} dashboard account, so`,
        "sign-in is paused for 15 minutes.",
        "",
        "If this was you, wait 15 minutes, or use Forgot Password on the sign-in page to set a new",
        "password and sign in at once. If it was not you, your password held; consider changing it.",
      ].join("\n"),
    },
    { kind: "login_locked", refTable: "users", refId: user.id },
    "lock",
  );
}
