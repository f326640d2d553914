/**
 * The scheduled run (netlify/functions/deliver-webhooks.ts, every 5 minutes): endpoints that
 * have failed for 3 days without a success are disabled first, and root admins are mailed once
 * for each (the UPDATE that disables it answers it to one run only); then the due deliveries
 * are sent.
 */
import type { Deps } from "../common/deps";
import { sendAndRecord } from "../common/notify";
import { site } from "../../config/site";
import { deliverDue, type DeliverDeps } from "../common/webhooks/deliver";

export const DISABLE_AFTER_DAYS = 3;

/** Disables the endpoints failing since 3 days ago or more; answers them. */
export async function disableFailing(deps: Pick<Deps, "db" | "now">) {
  const now = deps.now();
  const since = new Date(now.getTime() - DISABLE_AFTER_DAYS * 86_400_000);
  return deps.db.transaction(async (tx) => {
    const gone = await tx.query<{ id: number; url: string; last_failure: string | null }>(
      `UPDATE webhook_endpoints SET enabled = false, disabled_at = $1
        WHERE enabled AND failing_since <= $2 RETURNING id, url, last_failure`,
      [now.toISOString(), since.toISOString()],
    );
    // Their waiting deliveries stop here; staff can send any of them again by hand.
    if (gone.length)
      await tx.query(
        `UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL
          WHERE status = 'pending' AND endpoint_id = ANY ($1::int[])`,
        [gone.map((g) => g.id)],
      );
    return gone;
  });
}

function disabledMail(
  deps: Pick<Deps, "env">,
  to: string,
  e: { id: number; url: string; last_failure: string | null },
) {
  const host = URL.canParse(e.url) ? new URL(e.url).host : "the receiver";
  return {
    to,
    subject: `Webhook to ${host} disabled after ${DISABLE_AFTER_DAYS} days of failures – ${site.name}`,
    text: [
      `The webhook endpoint #${e.id} (${host}) has not accepted a delivery for ${DISABLE_AFTER_DAYS} days, so it was disabled.`,
      `Its last failure: ${e.last_failure ?? "-"}`,
      "",
      "Nothing more is sent to it. Once the receiver works again, send one of its deliveries again from the",
      `Webhooks screen (a success turns the endpoint back on): ${deps.env.siteUrl}/dashboard/webhooks`,
    ].join("\n"),
  };
}

export async function runWebhookDeliveries(deps: DeliverDeps & Pick<Deps, "mail" | "log">) {
  const disabled = await disableFailing(deps);
  if (disabled.length) {
    const admins = await deps.db.query<{ email: string }>(
      "SELECT email FROM users WHERE role = 'root_admin' ORDER BY id",
    );
    for (const e of disabled)
      for (const a of admins)
        await sendAndRecord(deps, disabledMail(deps, a.email, e), {
          kind: "webhook-disabled",
          refTable: "webhook_endpoints",
          refId: e.id,
        });
  }
  return { disabled: disabled.length, ...(await deliverDue(deps)) };
}
