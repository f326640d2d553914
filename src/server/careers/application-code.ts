/**
 * The code that proves an applicant owns the address they apply with: asked for (mailed), then
 * entered. A right code binds a single-use token (held by the applicant's browser in an HttpOnly
 * cookie) to the verification: the application must carry it, so only the person who verified can
 * apply under the address (application-tokens.ts).
 */
import type { Deps } from "../common/deps";
import { issueCode, verifyCode, CODE_TTL_SECONDS } from "../common/codes";
import { sendVisitorMail } from "../common/notify";
import { site } from "../../config/site";
import { RateLimited } from "../common/errors";
import { secondsToNextDay } from "../common/rate-limit";

export const MAILBOX_CAP_MESSAGE =
  "Too many e-mails were sent to this address today. Please try again tomorrow.";

/**
 * Issues a code for an applicant's address and mails it. False when the mail could not be sent;
 * RateLimited when the mailbox has had its mail for today (common/notify.ts);
 * RateLimited past the address's resend wait and daily cap (the client's hourly
 * limit is the endpoint's, src/server/common/policies.ts).
 */
export async function sendApplicationCode(
  deps: Pick<Deps, "db" | "mail" | "now" | "env" | "secret" | "requestId" | "after" | "log">,
  email: string,
): Promise<boolean> {
  const code = await issueCode(deps, "application", email);
  const minutes = Math.round(CODE_TTL_SECONDS / 60);
  const outcome = await sendVisitorMail(
    deps,
    {
      to: email,
      subject: `Your ${site.name} verification code`,
      text: [
        "Hello,",
        "",
        `Your code to verify your e-mail address for a job application at ${site.name} is:`,
        "",
        `    ${code}`,
        "",
        `It is valid for ${minutes} minutes and can be used once. If you did not ask for it, you can ignore this message.`,
        "",
        `${site.name} careers`,
        site.careersEmail,
      ].join("\n"),
    },
    { kind: "application-code" },
  );
  // However many spellings of it were asked for, the mailbox has had its mail for today.
  if (outcome === "capped") throw new RateLimited(MAILBOX_CAP_MESSAGE, secondsToNextDay(deps.now()));
  return outcome === "sent";
}

export type CodeCheck = "ok" | "wrong" | "expired";

/** Checks an applicant's code; "ok" binds `token` to the verification. */
export async function checkApplicationCode(
  deps: Pick<Deps, "db" | "mail" | "now" | "env" | "secret" | "requestId" | "after" | "log">,
  email: string,
  code: string,
  token?: string,
): Promise<CodeCheck> {
  const r = await verifyCode(deps, "application", email, code, token ? { token } : {});
  return r === "ok" ? "ok" : r === "wrong" ? "wrong" : "expired";
}
