/**
 * The person's own way in (/privacy/my-data): a code mailed to their address, then, for 30
 * minutes, their data to see and download, one application to withdraw, or everything to erase.
 * A root_admin does the same for them from the dashboard (staff.ts). Every erasure and withdrawal
 * leaves an audit entry that names the person only by a keyed hash of their address.
 */
import type { Deps } from "../common/deps";
import { recordAudit, type Actor } from "../common/audit";
import { issueCode, verifyCode, CODE_TTL_SECONDS } from "../common/codes";
import { Invalid, NotFound, RateLimited } from "../common/errors";
import { sendAndRecord, sendVisitorMail } from "../common/notify";
import { bump, DAY_SECONDS, emailKey } from "../common/rate-limit";
import { site } from "../../config/site";
import { anonymiseApplications } from "./anonymise";
import { personRef } from "./audit-scrub";
import { eraseEmail, type Erasure } from "./erasure";
import { deleteQueuedFiles } from "./file-deletions";
import { holdsAnything } from "./held-data";
import { checkExtendToken } from "./housekeeping";

type CodeDeps = Pick<Deps, "db" | "mail" | "now" | "env" | "secret" | "requestId" | "after" | "log">;

const VISITOR: Actor = { userId: null, email: null, address: null };

/**
 * Mails a code when anything is held under the address. The answer is the same whether or not
 * anything is (the work runs after it), so it tells nobody what the site holds; the address's
 * daily caps and resend wait apply as to every code.
 */
export async function sendPrivacyCode(deps: CodeDeps, email: string): Promise<void> {
  // Every request is counted per address, held or not: the same work whatever the answer would
  // reveal, and a database that is away answers 503 rather than a success that mails nothing.
  await bump(deps.db, "privacy-ask", emailKey(deps.secret, email), {
    now: deps.now(),
    windowSeconds: DAY_SECONDS,
  });
  deps.after(async () => {
    if (!(await holdsAnything(deps, email))) return;
    let code: string;
    try {
      code = await issueCode(deps, "privacy", email);
    } catch (err) {
      if (err instanceof RateLimited) return; // a code went out a moment ago, or today's are spent
      throw err;
    }
    await sendVisitorMail(
      deps,
      {
        to: email,
        subject: `Your ${site.name} code to see your data`,
        text: [
          "Hello,",
          "",
          `Your code to see, download or delete the data ${site.name} holds under this e-mail address is:`,
          "",
          `    ${code}`,
          "",
          `It is valid for ${Math.round(CODE_TTL_SECONDS / 60)} minutes and can be used once. If you did not ask for it, you can ignore this message.`,
          "",
          `${deps.env.siteUrl}/privacy/my-data`,
        ].join("\n"),
      },
      { kind: "privacy-code" },
    );
  });
}

/** The one answer to any code that does not open the page. */
export const PRIVACY_CODE_REFUSED =
  "This code is not right, or it has expired. Please check the e-mail, or ask for a new code.";

/**
 * Checks the code; a right one binds `token` (the page's cookie) to the address. Any other gets
 * the same answer, and counts as a wrong try against the same caps, whether the address holds
 * data, was sent a code, or neither: neither the answer, its 429 nor the notice that codes are
 * paused tells what the site holds about an address.
 */
export async function checkPrivacyCode(
  deps: CodeDeps,
  email: string,
  code: string,
  token: string,
): Promise<void> {
  const r = await verifyCode(deps, "privacy", email, code, { token, countEveryMiss: true });
  if (r !== "ok") throw new Invalid(PRIVACY_CODE_REFUSED);
}

/**
 * Erases everything held under the address (rows anonymised, files deleted from storage, the
 * receivers that were sent copies asked to delete theirs) with one audit entry of counts; `actor`
 * is the root_admin who did it, or the person themselves.
 */
export async function eraseEverything(
  deps: Pick<Deps, "db" | "storage" | "now" | "secret" | "requestId" | "log" | "raise">,
  email: string,
  actor: Actor = VISITOR,
): Promise<Erasure> {
  const now = deps.now();
  const done = await deps.db.transaction(async (tx) => {
    const e = await eraseEmail(tx, deps, email, now);
    const c = e.counts;
    await recordAudit({ db: tx, now: () => now }, actor, {
      action: actor.userId === null ? "privacy.erase_self" : "privacy.erase",
      entity: "person",
      entityId: personRef(deps.secret, email),
      changes: {
        inquiries: [null, c.inquiries],
        applications: [null, c.applications],
        comments: [null, c.comments],
        ...(e.askedToDelete.length ? { receiversAskedToDelete: [null, e.askedToDelete.length] } : {}),
      },
    });
    return e;
  });
  await deleteQueuedFiles(deps);
  return done;
}

/** The candidate withdraws one of their applications: it is anonymised and staff are told. */
export async function withdrawApplication(
  deps: Pick<Deps, "db" | "storage" | "mail" | "now" | "secret" | "requestId" | "after" | "log">,
  email: string,
  id: number,
): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: number }>(
      "SELECT id FROM applications WHERE id = $1 AND email = $2 AND anonymised_at IS NULL FOR UPDATE",
      [id, email.trim().toLowerCase()],
    );
    if (!row) throw new NotFound("No application of yours has this number.");
    await anonymiseApplications(tx, [id], "withdrawn", now, deps.secret);
    await recordAudit({ db: tx, now: () => now }, VISITOR, {
      action: "application.withdraw",
      entity: "application",
      entityId: id,
      changes: { withdrawn: [false, true] },
    });
  });
  await deleteQueuedFiles(deps);
  deps.after(() =>
    sendAndRecord(
      deps,
      {
        to: site.careersEmail,
        subject: `Application #${id} was withdrawn`,
        text: [
          `The candidate of application #${id} withdrew it on ${now.toISOString().slice(0, 10)}.`,
          "Their details and resume were deleted; the application's status stays in the figures.",
        ].join("\n"),
      },
      { kind: "application-withdrawn", refTable: "applications", refId: id },
    ),
  );
}

/** The reminder's link: the talent-pool application is kept for another full lifetime. */
export async function extendTalentPool(
  deps: Pick<Deps, "db" | "now" | "secret" | "env" | "log">,
  token: string,
): Promise<{ until: string }> {
  const id = Number(token.split(".")[0]);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.query<{ expiry_notice_at: Date | string | null }>(
      `SELECT expiry_notice_at FROM applications
        WHERE id = $1 AND talent_pool AND anonymised_at IS NULL
          AND (retention_extended_at IS NULL OR retention_extended_at < expiry_notice_at) FOR UPDATE`,
      [id],
    );
    if (!row?.expiry_notice_at || !checkExtendToken(deps.secret, token, new Date(row.expiry_notice_at))) {
      deps.log.info("talent-pool extension refused", { id });
      throw new NotFound("This link is no longer valid. The application may have been removed already.");
    }
    await tx.query("UPDATE applications SET retention_extended_at = $2 WHERE id = $1", [
      id,
      now.toISOString(),
    ]);
    await recordAudit({ db: tx, now: () => now }, VISITOR, {
      action: "application.extend",
      entity: "application",
      entityId: id,
      changes: { extended: [null, true] },
    });
    return { until: new Date(now.getTime() + deps.env.retention.talentPool * 86_400_000).toISOString() };
  });
}
