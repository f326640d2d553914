import { useCallback, useEffect, useState } from "react";
import type { UrlRule, WebhookEndpoint } from "../../../../shared/webhooks/webhooks";
import { formatDateTime, Notice, useNotice } from "../../admin-ui";
import { api } from "../../api";
import { deleteWebhookApi, testWebhookApi, webhooksApi } from "../../../../shared/webhooks/api";
import s from "../../admin.module.css";
import tb from "../../table.module.css";
import { AddWebhook, NewSecret } from "./AddWebhook";
import { Deliveries } from "./Deliveries";
import w from "./webhooks.module.css";

/**
 * Dashboard screen 'Webhooks' (root_admin): the endpoints of the sales team's CRM that leads and
 * applications are sent to (signed, Standard Webhooks), their state, and each one's deliveries.
 */
export default function WebhooksAdmin() {
  return <Webhooks />;
}

function state(e: WebhookEndpoint): string {
  if (!e.enabled)
    return `Disabled ${e.disabled_at ? formatDateTime(e.disabled_at) : ""} after 3 days of failures`;
  if (e.failing_since) return `Failing since ${formatDateTime(e.failing_since)}`;
  return e.last_success_at ? "Working" : "No delivery yet";
}

function Webhooks() {
  const { notice, show, fail } = useNotice();
  const [endpoints, setEndpoints] = useState<WebhookEndpoint[] | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [urlRule, setUrlRule] = useState<UrlRule | null>(null);
  const [testing, setTesting] = useState<number | null>(null);

  const load = useCallback(async () => {
    try {
      const list = await api(webhooksApi);
      setEndpoints(list.endpoints);
      setUrlRule(list.urlRule);
    } catch (err) {
      fail(err);
    }
  }, [fail]);

  /** A signed webhook.test event now; the notice says what the receiver answered. */
  async function sendTest(id: number) {
    setTesting(id);
    try {
      const r = await api(testWebhookApi, { params: { id } });
      show(r.ok ? "success" : "error", r.message);
    } catch (err) {
      fail(err);
    } finally {
      setTesting(null);
    }
  }

  useEffect(() => {
    void load();
  }, [load]);

  async function remove(id: number) {
    try {
      const r = await api(deleteWebhookApi, { params: { id } });
      show("success", r.message);
      setConfirming(null);
      if (open === id) setOpen(null);
      await load();
    } catch (err) {
      fail(err);
    }
  }

  return (
    <section className={s.screen} aria-labelledby="webhooks-title">
      <h1 id="webhooks-title">Webhooks</h1>
      <p className={s.hint}>
        Send each new lead and job application, and each change of its stage, owner or status, to the sales
        team&apos;s CRM. Every delivery is signed (Standard Webhooks) with the endpoint&apos;s secret; a
        failed one is tried again for more than a day, and an endpoint failing for 3 days is turned off.
      </p>
      <Notice notice={notice} />
      {secret ? (
        <NewSecret secret={secret} onDone={() => setSecret(null)} />
      ) : (
        <AddWebhook
          urlRule={urlRule}
          onError={(text) => show("error", text)}
          onAdded={async (_id, made) => {
            setSecret(made);
            show("success", "Endpoint added. Copy its secret now: it is not shown again.");
            await load();
          }}
        />
      )}

      <h2 id="webhooks-list-title">Endpoints</h2>
      {endpoints === null ? (
        <p>Loading...</p>
      ) : endpoints.length === 0 ? (
        <p>No endpoint yet: nothing is sent anywhere.</p>
      ) : (
        <div className={tb.tableWrap} role="region" aria-labelledby="webhooks-list-title" tabIndex={0}>
          <table className={`${tb.table} ${tb.stack}`}>
            <thead>
              <tr>
                <th scope="col">URL</th>
                <th scope="col">Events</th>
                <th scope="col">State</th>
                <th scope="col">Last success</th>
                <th scope="col">Last failure</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {endpoints.map((e) => (
                <tr key={e.id}>
                  <td data-label="URL" className={w.url}>
                    {e.url}
                  </td>
                  <td data-label="Events">{e.events.join(", ")}</td>
                  <td data-label="State">{state(e)}</td>
                  <td data-label="Last success">
                    {e.last_success_at ? formatDateTime(e.last_success_at) : "-"}
                  </td>
                  <td data-label="Last failure">
                    {e.last_failure_at
                      ? `${formatDateTime(e.last_failure_at)}: ${e.last_failure ?? ""}`
                      : "-"}
                  </td>
                  <td data-label="Actions">
                    <div className={s.actions}>
                      <button
                        type="button"
                        className="btn btn--ghost"
                        aria-expanded={open === e.id}
                        aria-controls={open === e.id ? `webhook-deliveries-${e.id}` : undefined}
                        onClick={() => setOpen(open === e.id ? null : e.id)}
                      >
                        {open === e.id ? "Hide deliveries" : "Deliveries"}
                      </button>
                      <button
                        type="button"
                        className="btn btn--ghost"
                        disabled={testing === e.id}
                        aria-label={`Send test delivery to ${e.url}`}
                        onClick={() => void sendTest(e.id)}
                      >
                        {testing === e.id ? "Sending..." : "Send test delivery"}
                      </button>
                      {confirming === e.id ? (
                        <>
                          <button type="button" className="btn btn--danger" onClick={() => void remove(e.id)}>
                            Yes, delete
                          </button>
                          <button
                            type="button"
                            className="btn btn--ghost"
                            onClick={() => setConfirming(null)}
                          >
                            Cancel
                          </button>
                        </>
                      ) : (
                        <button
                          type="button"
                          className="btn btn--danger"
                          aria-label={`Delete the endpoint ${e.url}`}
                          onClick={() => setConfirming(e.id)}
                        >
                          Delete
                        </button>
                      )}
                    </div>
                    {confirming === e.id && (
                      <p className={s.hint} role="status">
                        Nothing more is sent to it, and its deliveries and their log are deleted.
                      </p>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {open !== null && endpoints?.some((e) => e.id === open) && (
        <Deliveries
          key={open}
          endpoint={endpoints.find((e) => e.id === open)!}
          onRetried={(text, ok) => {
            show(ok ? "success" : "error", text);
            void load();
          }}
          onError={fail}
        />
      )}
    </section>
  );
}
