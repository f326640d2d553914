/**
 * Signed webhooks to the sales CRM through their endpoints, in process, with a real receiver on
 * this machine that verifies each request with the `standardwebhooks` package: a contact inquiry
 * is delivered once and verifies; a failing receiver is tried again by the scheduled job after
 * its wait; a delivery is sent again by hand; a tampered body fails verification; the roles and
 * the refusals of bad input; an endpoint failing for 3 days is disabled and root admins mailed.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { config as deliverConfig } from "../../netlify/functions/deliver-webhooks";
import { loadScheduled } from "../../scripts/lib/schedules";
import { settled } from "../../src/server/http/endpoint";
import { createApp } from "../../src/server/http/app";
import { heldData } from "../../src/server/privacy/held-data";
import { env } from "../../src/server/platform/env";
import type { Db } from "../../src/server/platform/db/db";
import { submitApplicationApi } from "../../src/shared/careers/api";
import { updateApplicationStatusApi } from "../../src/shared/careers/admin-api";
import { submitApi } from "../../src/shared/contact/api";
import { updateLeadStageApi } from "../../src/shared/contact/leads-api";
import { privacyErasePersonApi } from "../../src/shared/privacy/api";
import {
  addWebhookApi,
  deleteWebhookApi,
  retryWebhookApi,
  testWebhookApi,
  webhookDeliveriesApi,
  webhooksApi,
} from "../../src/shared/webhooks/api";
import type { WebhookDelivery, WebhookEndpoint } from "../../src/shared/webhooks/webhooks";
import { apiHarness, type ApiHarness } from "../helpers/api";
import { contactForm, validInquiry } from "../helpers/contact";
import { count, insertApplication } from "../helpers/dashboard-fixtures";
import { applicationToken } from "../helpers/applicant";
import { PDF } from "../helpers/contact";
import { startReceiver, type Receiver } from "../helpers/webhook-receiver";

let api: ApiHarness;
let db: Db;
let rx: Receiver;
/** How far this file's clock is ahead of the real one. */
let shift = 0;

beforeAll(async () => {
  api = await apiHarness({ now: () => new Date(Date.now() + shift) });
  db = api.db.db;
  rx = await startReceiver();
});
afterAll(async () => {
  await rx.close();
  await api.close();
});
beforeEach(async () => {
  await db.query("DELETE FROM webhook_endpoints");
  rx.received.length = 0;
  rx.answer = { status: 200, body: "ok" };
  shift = 0;
  api.outbox.length = 0;
});

async function addEndpoint(events = ["lead.created", "lead.updated"], url = rx.url) {
  const res = await api.call(addWebhookApi, { as: "root_admin", body: { url, events } });
  expect(res.status, await res.clone().text()).toBe(201);
  const made = (await res.json()) as { id: number; secret: string };
  rx.secret = made.secret;
  return made;
}

async function deliveries(id: number): Promise<WebhookDelivery[]> {
  const res = await api.call(webhookDeliveriesApi, { as: "root_admin", params: { id } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { deliveries: WebhookDelivery[] }).deliveries;
}

/** As Netlify's scheduler calls it: a POST without the site's Origin. */
const runSchedule = async () => {
  const res = await api.schedule("deliver-webhooks");
  expect(res.status).toBe(200);
  return (await res.json()) as { disabled: number; due: number; sent: number; failed: number };
};

const sendInquiry = async (email = validInquiry.email) => {
  const res = await api.call(submitApi, { form: contactForm({ email }) });
  expect(res.status, await res.clone().text()).toBe(200);
  await settled();
};

describe("creating an endpoint", () => {
  it("answers the secret once (whsec_ + base64 of 32 bytes); the list and the audit trail never hold it", async () => {
    const { id, secret } = await addEndpoint();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), "base64")).toHaveLength(32);
    const res = await api.call(webhooksApi, { as: "root_admin" });
    const text = await res.text();
    expect(text).not.toContain(secret.slice(6));
    const { endpoints } = JSON.parse(text) as { endpoints: WebhookEndpoint[] };
    expect(endpoints).toEqual([
      expect.objectContaining({
        id,
        url: rx.url,
        events: ["lead.created", "lead.updated"],
        enabled: true,
        last_success_at: null,
        last_failure_at: null,
      }),
    ]);
    const audit = await db.query<{ changes: unknown }>(
      "SELECT changes FROM audit_log WHERE action = 'webhook.create' AND entity_id = $1",
      [String(id)],
    );
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).toContain(rx.url);
    expect(JSON.stringify(audit)).not.toContain(secret.slice(6));
  });

  it.each([
    [{ url: "not a url", events: ["lead.created"] }, /^url: enter the full address/],
    [{ url: "ftp://crm.example/hooks", events: ["lead.created"] }, /^url: /],
    [{ url: "", events: ["lead.created"] }, /^url: /],
    [{ events: ["lead.created"] }, /^url: /],
    [{ url: "https://crm.example/hooks", events: ["lead.deleted"] }, /"lead\.deleted" is not an event/],
    [{ url: "https://crm.example/hooks", events: [] }, /^events: choose at least one of lead\.created/],
    [{ url: "https://crm.example/hooks" }, /^events: choose at least one/],
    [{ url: "https://u:p@crm.example/hooks", events: ["lead.created"] }, /user name and password/],
  ])("refuses %j with 400 and a message to act on", async (body, message) => {
    const res = await api.call(addWebhookApi, { as: "root_admin", body });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(message);
    expect(await count(db, "webhook_endpoints")).toBe(0);
  });

  it("is the root_admin's alone: a reader or an admin gets 403, no session 401", async () => {
    const body = { url: rx.url, events: ["lead.created"] };
    for (const [who, status] of [
      ["anonymous", 401],
      ["reader", 403],
      ["admin", 403],
    ] as const) {
      for (const [c, init] of [
        [addWebhookApi, { body }],
        [webhooksApi, {}],
      ] as const) {
        const res = await api.call(c, { as: who, ...init });
        expect(res.status).toBe(status);
        expect(((await res.json()) as { error: string }).error).toBeTruthy();
      }
    }
    expect(await count(db, "webhook_endpoints")).toBe(0);
  });
});

describe("deliveries", () => {
  it("delivers a contact inquiry once, after the answer, signed so the receiver's library verifies it", async () => {
    const { id } = await addEndpoint();
    await addEndpoint(["application.created"]); // not subscribed: gets nothing
    rx.secret = (
      await db.query<{ secret: string }>("SELECT secret FROM webhook_endpoints WHERE id = $1", [id])
    )[0]!.secret;
    await sendInquiry();
    expect(rx.received).toHaveLength(1);
    const [got] = rx.received;
    expect(got!.error).toBeUndefined();
    expect(got!.headers["webhook-id"]).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(got!.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(got!.payload).toMatchObject({
      type: "lead.created",
      data: { fullName: validInquiry.fullName, email: validInquiry.email, stage: "New" },
    });
    expect(got!.payload!.data).not.toHaveProperty("file");
    expect(Date.parse(got!.payload!.timestamp)).not.toBeNaN();

    const [d] = await deliveries(id);
    expect(d).toMatchObject({
      type: "lead.created",
      status: "delivered",
      message_id: got!.headers["webhook-id"],
    });
    expect(d!.attempts).toEqual([
      expect.objectContaining({ ok: true, status_code: 200, response_body: "ok" }),
    ]);
    expect(await runSchedule()).toMatchObject({ due: 0 });
    expect(rx.received).toHaveLength(1);
  });

  it("a tampered body, or another secret, fails the receiver's verification", async () => {
    await addEndpoint();
    await sendInquiry();
    const { body, headers } = rx.received[0]!;
    expect(() => new Webhook(rx.secret!).verify(body, headers)).not.toThrow();
    const tampered = body.replace(validInquiry.fullName, "Mallory");
    expect(tampered).not.toBe(body);
    expect(() => new Webhook(rx.secret!).verify(tampered, headers)).toThrow(/signature/i);
    const other = "whsec_" + Buffer.alloc(32, 7).toString("base64");
    expect(() => new Webhook(other).verify(body, headers)).toThrow(/signature/i);
  });

  it("tries a failing receiver again after its wait (the scheduled job), then delivers", async () => {
    expect(deliverConfig).toEqual({ schedule: "*/5 * * * *" });
    expect((await loadScheduled()).map((f) => [f.name, f.schedule])).toContainEqual([
      "deliver-webhooks",
      "*/5 * * * *",
    ]);
    const { id } = await addEndpoint();
    rx.answer = { status: 500, body: "CRM is down: " + "x".repeat(2000) };
    await sendInquiry();
    expect(rx.received).toHaveLength(1);
    let [d] = await deliveries(id);
    expect(d!.status).toBe("pending");
    expect(d!.attempts[0]).toMatchObject({ ok: false, status_code: 500 });
    expect(Buffer.byteLength(d!.attempts[0]!.response_body!)).toBe(1024);
    expect(Date.parse(d!.next_attempt_at!) - Date.now()).toBeGreaterThan(50_000);

    shift = 30_000; // before the 1-minute wait: nothing is due
    expect(await runSchedule()).toMatchObject({ due: 0, sent: 0 });
    rx.answer = { status: 204, body: "" };
    shift = 70_000;
    expect(await runSchedule()).toMatchObject({ due: 1, sent: 1, failed: 0 });
    expect(rx.received).toHaveLength(2);
    expect(rx.received.every((r) => r.error === undefined)).toBe(true);
    expect(new Set(rx.received.map((r) => r.headers["webhook-id"])).size).toBe(1);
    [d] = await deliveries(id);
    expect(d!.status).toBe("delivered");
    expect(d!.attempts.map((a) => a.status_code)).toEqual([204, 500]);
    const [ep] = (
      (await (await api.call(webhooksApi, { as: "root_admin" })).json()) as {
        endpoints: WebhookEndpoint[];
      }
    ).endpoints;
    expect(ep).toMatchObject({ failing_since: null, last_failure: "The receiver answered 500." });
    expect(ep!.last_success_at).not.toBeNull();
  });

  it("sends a delivery again now on request (root_admin only), with the same webhook-id", async () => {
    const { id } = await addEndpoint();
    await sendInquiry();
    const [d] = await deliveries(id);
    const params = { id, delivery: d!.id };
    for (const who of ["reader", "admin"] as const)
      expect((await api.call(retryWebhookApi, { as: who, params })).status).toBe(403);
    expect(rx.received).toHaveLength(1);

    const res = await api.call(retryWebhookApi, { as: "root_admin", params });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, status_code: 200 });
    expect(rx.received).toHaveLength(2);
    expect(rx.received[1]!.error).toBeUndefined();
    expect(rx.received[1]!.headers["webhook-id"]).toBe(rx.received[0]!.headers["webhook-id"]);
    const [again] = await deliveries(id);
    expect(again!.attempts.map((a) => a.manual)).toEqual([true, false]);
    expect(await count(db, "audit_log", "action = 'webhook.retry' AND entity_id = $1", [String(id)])).toBe(1);

    rx.answer = { status: 503, body: "busy" };
    const failed = await api.call(retryWebhookApi, { as: "root_admin", params });
    expect(await failed.json()).toMatchObject({ ok: false, status_code: 503, message: /answered 503/ });
    expect((await deliveries(id))[0]!.status).toBe("delivered"); // it was delivered once

    const missing = await api.call(retryWebhookApi, { as: "root_admin", params: { id, delivery: 999999 } });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: string }).error).toMatch(/no longer exists/);
  });

  it("sends a signed webhook.test event on request (root_admin only), audited, answering the receiver's result", async () => {
    const { id } = await addEndpoint();
    for (const [who, status] of [
      ["anonymous", 401],
      ["reader", 403],
      ["admin", 403],
    ] as const)
      expect((await api.call(testWebhookApi, { as: who, params: { id } })).status).toBe(status);
    expect(rx.received).toHaveLength(0);

    const res = await api.call(testWebhookApi, { as: "root_admin", params: { id } });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({
      ok: true,
      status_code: 200,
      error: null,
      message: "Test delivery accepted: the receiver answered 200.",
    });
    expect(rx.received).toHaveLength(1);
    const [got] = rx.received;
    // The receiver's library verifies it with the endpoint's secret.
    expect(got!.error).toBeUndefined();
    expect(got!.headers["webhook-id"]).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(got!.payload).toMatchObject({ type: "webhook.test", data: { endpoint: id } });
    expect(await count(db, "audit_log", "action = 'webhook.test' AND entity_id = $1", [String(id)])).toBe(1);
    // A test is not a delivery: nothing is listed, retried or counted in the endpoint's state.
    expect(await deliveries(id)).toEqual([]);

    rx.answer = { status: 500, body: "nope" };
    const refused = await api.call(testWebhookApi, { as: "root_admin", params: { id } });
    expect(refused.status).toBe(200);
    expect(await refused.json()).toMatchObject({
      ok: false,
      status_code: 500,
      message: "Test delivery not accepted. The receiver answered 500.",
    });
    expect(await runSchedule()).toMatchObject({ due: 0 });
    expect(rx.received).toHaveLength(2);

    const missing = await api.call(testWebhookApi, { as: "root_admin", params: { id: 999999 } });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: string }).error).toMatch(/no longer exists/);
  });

  it("states the URL rule that applies where it runs (locally: any http address)", async () => {
    const res = await api.call(webhooksApi, { as: "root_admin" });
    expect(((await res.json()) as { urlRule: string }).urlRule).toBe("any-http");
  });

  it("tells the CRM of stage and status changes (lead.updated, application.status_changed)", async () => {
    await addEndpoint(["lead.created", "lead.updated", "application.status_changed"]);
    await sendInquiry();
    const lead = rx.received[0]!.payload!.data.id as number;
    const res = await api.call(updateLeadStageApi, { as: "admin", body: { id: lead, stage: "Contacted" } });
    expect(res.status).toBe(200);
    await settled();
    const app = await insertApplication(db, {});
    await api.call(updateApplicationStatusApi, { as: "admin", body: { id: app, status: "Selected" } });
    await settled();
    expect(rx.received.map((r) => [r.payload?.type, r.payload?.data.id])).toEqual([
      ["lead.created", lead],
      ["lead.updated", lead],
      ["application.status_changed", app],
    ]);
    expect(rx.received[1]!.payload!.data).toMatchObject({ stage: "Contacted" });
    expect(rx.received[2]!.payload!.data).toMatchObject({ status: "Selected" });
    expect(rx.received[2]!.payload!.data).not.toHaveProperty("resume_key");
  });

  it("sends a new job application (application.created) as staff see it, without its resume", async () => {
    await addEndpoint(["application.created"]);
    const email = `candidate-${Date.now()}@example.org`;
    const cookie = await applicationToken(api.ports, email, () => api.outbox);
    const form = new FormData();
    const fields = {
      firstName: "Asha",
      lastName: "Raman",
      email,
      mobile: "+919876543210",
      nativePlace: "Chennai",
      gender: "Female",
      totalExperience: "5",
      itExperience: "4",
      currentCompany: "Acme",
      noticePeriod: "30 Days",
      expectedSalary: "1200000",
      willingToRelocate: "No",
      skills: "Kubernetes",
      certifications: "CKA",
      privacyConsent: "yes",
    };
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append("resume", new Blob([PDF as BlobPart], { type: "application/pdf" }), "cv.pdf");
    const res = await api.call(submitApplicationApi, { form, cookie });
    expect(res.status, await res.clone().text()).toBe(201);
    await settled();
    expect(rx.received.map((r) => r.payload?.type)).toEqual(["application.created"]);
    const data = rx.received[0]!.payload!.data;
    expect(data).toMatchObject({ email, first_name: "Asha", status: "New", skills: "Kubernetes" });
    expect(JSON.stringify(data)).not.toMatch(/resume|cv\.pdf/);
  });

  it("disables an endpoint failing for 3 days and mails each root admin once", async () => {
    const { id } = await addEndpoint();
    rx.answer = { status: 500, body: "down" };
    await sendInquiry();
    await db.query("UPDATE webhook_endpoints SET failing_since = $2 WHERE id = $1", [
      id,
      new Date(Date.now() - 3 * 86_400_000 + 60_000).toISOString(),
    ]);
    expect(await runSchedule()).toMatchObject({ disabled: 0 });
    shift = 2 * 60_000;
    expect(await runSchedule()).toMatchObject({ disabled: 1, due: 0 });
    expect(await runSchedule()).toMatchObject({ disabled: 0 });
    const roots = await count(db, "users", "role = 'root_admin'");
    const notices = api.outbox.filter((m) => /^Webhook to /.test(m.subject));
    expect(notices).toHaveLength(roots);
    expect(notices[0]!.subject).toMatch(/disabled after 3 days/);
    expect(notices.map((m) => m.text).join()).not.toContain(rx.secret!.slice(6));
    const [d] = await deliveries(id);
    expect(d!.status).toBe("failed");
    await sendInquiry(); // a disabled endpoint gets no new deliveries
    expect(await deliveries(id)).toHaveLength(1);
  });

  it("deletes an endpoint with its deliveries (root_admin only)", async () => {
    const { id } = await addEndpoint();
    await sendInquiry();
    expect((await api.call(deleteWebhookApi, { as: "admin", params: { id } })).status).toBe(403);
    const res = await api.call(deleteWebhookApi, { as: "root_admin", params: { id } });
    expect(res.status).toBe(200);
    expect(await count(db, "webhook_deliveries", "endpoint_id = $1", [id])).toBe(0);
    expect((await api.call(deleteWebhookApi, { as: "root_admin", params: { id } })).status).toBe(404);
    expect((await api.call(webhookDeliveriesApi, { as: "root_admin", params: { id } })).status).toBe(404);
    expect((await api.call(deleteWebhookApi, { as: "root_admin", params: { id: "abc" } })).status).toBe(400);
  });

  it("a person's export lists the copies sent to the CRM, and erasure deletes them", async () => {
    await addEndpoint();
    const email = `erase-me-${Date.now()}@analytical.example`;
    await sendInquiry(email);
    await sendInquiry();
    expect(await count(db, "webhook_deliveries")).toBe(2);
    const exported = await heldData(
      {
        db,
        storage: createApp(new Request("http://localhost/"), undefined, api.ports).deps.storage,
        now: () => new Date(),
        secret: "s",
        env: env(),
      },
      email.toUpperCase(),
    );
    expect(exported.sentToCrm).toEqual([
      {
        event: "lead.created",
        receiver: new URL(rx.url).hostname,
        at: expect.any(String),
        status: expect.any(String),
      },
    ]);
    const res = await api.call(privacyErasePersonApi, {
      as: "root_admin",
      body: { email: email.toUpperCase() },
    });
    expect(res.status).toBe(200);
    await settled();
    // The other buyer's copy stays; the receiver is asked to delete the person's (person.erased).
    expect(await count(db, "webhook_deliveries", "event_type <> 'person.erased'")).toBe(1);
    expect(await count(db, "webhook_deliveries", "event_type = 'person.erased'")).toBe(1);
    expect(await count(db, "webhook_deliveries", "payload -> 'data' ->> 'email' = $1", [email])).toBe(0);
  });

  it("erasure sends a signed person.erased to every receiver that was sent the person's data, whatever its subscriptions", async () => {
    const leads = await addEndpoint(["lead.created"]);
    const leadsSecret = rx.secret!;
    const other = await startReceiver("/hooks/ats");
    const later = await startReceiver("/hooks/late");
    try {
      const add = async (url: string, events: string[]) => {
        const res = await api.call(addWebhookApi, { as: "root_admin", body: { url, events } });
        expect(res.status).toBe(201);
        return (await res.json()) as { id: number; secret: string };
      };
      const apps = await add(other.url, ["application.status_changed"]);
      other.secret = apps.secret;
      const email = `erased-${Date.now()}@crm-copy.example`;
      await sendInquiry(email);
      const [{ id: lead }] = (await db.query<{ id: number }>("SELECT id FROM inquiries WHERE email = $1", [
        email,
      ])) as [{ id: number }];
      const app = await insertApplication(db, { email });
      const changed = await api.call(updateApplicationStatusApi, {
        as: "admin",
        body: { id: app, status: "Maybe" },
      });
      expect(changed.status).toBe(200);
      await settled();
      // Added afterwards: it was never sent the person's data, and is not asked.
      later.secret = (await add(later.url, ["lead.created", "application.status_changed"])).secret;
      expect(rx.received.map((r) => r.payload?.type)).toEqual(["lead.created"]);
      expect(other.received.map((r) => r.payload?.type)).toEqual(["application.status_changed"]);

      const res = await api.call(privacyErasePersonApi, { as: "root_admin", body: { email } });
      expect(res.status).toBe(200);
      const answer = (await res.json()) as { askedToDelete: unknown[] };
      expect(answer.askedToDelete).toEqual([
        { receiver: new URL(rx.url).hostname, leads: [lead], applications: [] },
        { receiver: new URL(other.url).hostname, leads: [], applications: [app] },
      ]);
      await settled();

      const erasedAt = (r: { received: typeof rx.received }) =>
        r.received.filter((x) => x.body.includes("person.erased"));
      const [toLeads] = erasedAt(rx);
      const [toApps] = erasedAt(other);
      expect(erasedAt(rx)).toHaveLength(1);
      expect(erasedAt(other)).toHaveLength(1);
      expect(erasedAt(later)).toHaveLength(0);
      // Each verifies with its own endpoint's secret, by the receiver's library.
      const fromLeads = new Webhook(leadsSecret).verify(toLeads!.body, toLeads!.headers) as {
        type: string;
        data: unknown;
      };
      expect(fromLeads).toMatchObject({ type: "person.erased", data: { leads: [lead], applications: [] } });
      const fromApps = new Webhook(other.secret).verify(toApps!.body, toApps!.headers) as { data: unknown };
      expect(fromApps.data).toEqual({ leads: [], applications: [app] });
      expect(() => new Webhook(other.secret!).verify(toLeads!.body, toLeads!.headers)).toThrow(/signature/i);
      for (const got of [toLeads!, toApps!]) {
        expect(got.body).not.toContain(email);
        expect(got.body).not.toContain("@");
      }
      expect(
        await count(
          db,
          "webhook_deliveries",
          "endpoint_id = ANY($1::int[]) AND event_type <> 'person.erased'",
          [[leads.id, apps.id]],
        ),
      ).toBe(0);
      // Listed among the events, and the erasure's delivery in the endpoint's list.
      expect((await deliveries(leads.id)).map((d) => d.type)).toEqual(["person.erased"]);
    } finally {
      await other.close();
      await later.close();
    }
  });

  it("the daily housekeeping deletes deliveries after RETENTION_WEBHOOK_DAYS (30), with their attempts", async () => {
    const { id } = await addEndpoint();
    await sendInquiry();
    expect(await count(db, "webhook_attempts")).toBeGreaterThan(0);
    const keep = async () =>
      (await api.schedule("housekeeping")).json() as Promise<{
        webhookDeliveriesDeleted: number;
      }>;
    shift = 29 * 86_400_000;
    expect(await keep()).toMatchObject({ webhookDeliveriesDeleted: 0 });
    shift = 31 * 86_400_000;
    expect(await keep()).toMatchObject({ webhookDeliveriesDeleted: 1 });
    expect(await count(db, "webhook_deliveries", "endpoint_id = $1", [id])).toBe(0);
    expect(await count(db, "webhook_attempts")).toBe(0);
  });
});
