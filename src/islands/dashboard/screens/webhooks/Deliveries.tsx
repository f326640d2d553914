/** One endpoint's deliveries, newest first, each with its last attempt and a Retry button. */
import { useCallback, useEffect, useState } from "react";
import type { WebhookDelivery, WebhookEndpoint } from "../../../../shared/webhooks/webhooks";
import { formatDateTime, Pager } from "../../admin-ui";
import type { ResponseOf } from "../../../../shared/api/contract";
import { api } from "../../api";
import { retryWebhookApi, webhookDeliveriesApi } from "../../../../shared/webhooks/api";
import s from "../../admin.module.css";
import tb from "../../table.module.css";
import w from "./webhooks.module.css";

type Page = ResponseOf<typeof webhookDeliveriesApi>;

const STATUS: Record<WebhookDelivery["status"], string> = {
  pending: "Waiting to be tried again",
  sending: "Being sent",
  delivered: "Delivered",
  failed: "Failed",
};

/**
 * A delivery's state in words, with when a waiting one is due. A waiting delivery with no attempt
 * yet has not been tried at all: the request that made it sends it in a moment, or the scheduled
 * job does.
 */
export function deliveryState(d: Pick<WebhookDelivery, "status" | "next_attempt_at" | "attempts">): string {
  const words = d.status === "pending" && d.attempts.length === 0 ? "Waiting to be sent" : STATUS[d.status];
  return d.status === "pending" && d.next_attempt_at
    ? `${words} (${formatDateTime(d.next_attempt_at)})`
    : words;
}

export function Deliveries({
  endpoint,
  onRetried,
  onError,
}: {
  endpoint: WebhookEndpoint;
  onRetried: (text: string, ok: boolean) => void;
  onError: (err: unknown) => void;
}) {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Page | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const titleId = `webhook-deliveries-${endpoint.id}-title`;

  const load = useCallback(async () => {
    try {
      setData(await api(webhookDeliveriesApi, { params: { id: endpoint.id }, query: { page } }));
    } catch (err) {
      onError(err);
    }
  }, [endpoint.id, page, onError]);

  useEffect(() => {
    void load();
  }, [load]);

  async function retry(d: WebhookDelivery) {
    setBusy(d.id);
    try {
      const r = await api(retryWebhookApi, { params: { id: endpoint.id, delivery: d.id } });
      onRetried(`Delivery #${d.id}: ${r.message}`, r.ok);
      await load();
    } catch (err) {
      onError(err);
    } finally {
      setBusy(null);
    }
  }

  return (
    <div id={`webhook-deliveries-${endpoint.id}`} className={s.panel}>
      <h2 id={titleId}>
        Deliveries to <span className={w.url}>{endpoint.url}</span>
      </h2>
      <div className={s.actions}>
        <button type="button" className="btn btn--ghost" onClick={() => void load()}>
          Refresh
        </button>
      </div>
      {data === null ? (
        <p>Loading...</p>
      ) : data.deliveries.length === 0 ? (
        <p>No delivery yet. One is made when a subscribed event happens.</p>
      ) : (
        <div className={tb.tableWrap} role="region" aria-labelledby={titleId} tabIndex={0}>
          <table className={`${tb.table} ${tb.stack}`}>
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Made</th>
                <th scope="col">State</th>
                <th scope="col">Last attempt</th>
                <th scope="col">Attempts</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {data.deliveries.map((d) => (
                <DeliveryRow key={d.id} d={d} busy={busy} onRetry={(x) => void retry(x)} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager info={data} onPage={setPage} label={`Pages of deliveries to ${endpoint.url}`} />
    </div>
  );
}

/** One delivery: its event, state and last attempt, with Retry. */
function DeliveryRow({
  d,
  busy,
  onRetry,
}: {
  d: WebhookDelivery;
  busy: number | null;
  onRetry: (d: WebhookDelivery) => void;
}) {
  const last = d.attempts[0];
  return (
    <tr>
      <td data-label="Event">
        <span>
          <code>{d.type}</code> #{d.id}
        </span>
      </td>
      <td data-label="Made" className={tb.nowrap}>
        {formatDateTime(d.created_at)}
      </td>
      <td data-label="State">{deliveryState(d)}</td>
      <td data-label="Last attempt">
        {last ? (
          <div>
            {formatDateTime(last.at)}: {last.status_code ? `HTTP ${last.status_code}` : "no answer"}
            {last.error ? `, ${last.error}` : ""}
            {last.response_body ? <p className={w.body}>{last.response_body.slice(0, 200)}</p> : null}
          </div>
        ) : (
          "-"
        )}
      </td>
      <td data-label="Attempts">{d.attempts.length}</td>
      <td data-label="Action">
        <button
          type="button"
          className="btn btn--ghost"
          disabled={busy !== null || d.status === "sending"}
          aria-label={`Retry delivery #${d.id} (${d.type})`}
          onClick={() => onRetry(d)}
        >
          {busy === d.id ? "Sending..." : "Retry"}
        </button>
      </td>
    </tr>
  );
}
