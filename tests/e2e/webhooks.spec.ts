/**
 * The Webhooks screen: root_admin adds an endpoint pointing at a receiver on this machine (the
 * local server allows http and loopback), copies its secret (shown once), and sees the delivery
 * of a contact inquiry, which the receiver verified with the `standardwebhooks` package.
 */
import { mkdirSync } from "node:fs";
import { expect as baseExpect, test } from "@playwright/test";
import { startReceiver } from "../helpers/webhook-receiver";
import { expectNoAxeViolations } from "./helpers/axe";
import { sendInquiry } from "./helpers/inquiry";
import { loginAs } from "./helpers/staff";

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

test("root_admin adds a CRM webhook, sees its secret once, then a delivery of an inquiry", async ({
  page,
}, info) => {
  const rx = await startReceiver(`/hooks/${info.project.name}-${Date.now()}`);
  try {
    await loginAs(page, "root_admin");
    await page.goto("/dashboard/webhooks");
    await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
    await expectNoAxeViolations(page);

    // The hint states the rule of where it runs: this local server takes any http(s) address.
    await expect(page.getByLabel("Receiver URL")).toHaveAccessibleDescription(
      /On this local server any http:\/\/ or https:\/\/ address is allowed, localhost and private addresses included/,
    );
    await page.getByLabel("Receiver URL").fill(rx.url);
    await expect(page.getByRole("checkbox", { name: /lead\.created/ })).toBeChecked();
    await page.getByRole("checkbox", { name: /application\.created/ }).check();
    await page.getByRole("button", { name: "Add endpoint" }).click();

    const secretField = page.getByLabel("Secret", { exact: true });
    await expect(secretField).toBeVisible();
    const secret = await secretField.inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await expect(page.getByText("it will not be shown again")).toBeVisible();
    await expect(page.getByRole("heading", { name: "The endpoint's signing secret" })).toBeFocused();
    await expect(page.getByRole("status").filter({ hasText: "Endpoint added" })).toBeVisible();
    await expectNoAxeViolations(page);
    rx.secret = secret;

    await page.getByRole("button", { name: "I have stored it" }).click();
    await expect(secretField).toHaveCount(0);
    const row = page.getByRole("row").filter({ hasText: rx.url });
    await expect(row).toContainText("No delivery yet");

    // A test delivery on request: a signed webhook.test event the receiver verifies.
    await row.getByRole("button", { name: `Send test delivery to ${rx.url}` }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Test delivery accepted: the receiver answered 200." }),
    ).toBeVisible();
    const tested = rx.received.find((r) => r.body.includes('"webhook.test"'));
    expect(tested, "the receiver got the test delivery").toBeDefined();
    expect(tested!.error).toBeUndefined();
    expect(tested!.payload!.type).toBe("webhook.test");
    // Not a delivery: the endpoint's state is unchanged.
    await expect(row).toContainText("No delivery yet");

    // A visitor's inquiry reaches the receiver, signed with that secret.
    const email = `webhook-${info.project.name}-${Date.now()}@northwind.example`;
    expect((await sendInquiry(page, { email })).status()).toBe(200);
    await expect.poll(() => rx.received.filter((r) => r.payload?.data.email === email).length).toBe(1);
    const got = rx.received.find((r) => r.payload?.data.email === email)!;
    expect(got.error).toBeUndefined();
    expect(got.payload!.type).toBe("lead.created");

    // This inquiry's delivery, by the message id the receiver got: the endpoint takes every new
    // lead, so other tests' inquiries on this server have deliveries in its list too, some of them
    // still waiting for their request to send them. Its state is recorded once the receiver's
    // answer is in, which may come after the receiver has the message.
    const endpoints = (await (await page.request.get("/api/webhooks")).json()) as {
      endpoints: { id: number; url: string }[];
    };
    const endpointId = endpoints.endpoints.find((e) => e.url === rx.url)!.id;
    const ours = async () => {
      const list = (await (await page.request.get(`/api/webhooks/${endpointId}/deliveries`)).json()) as {
        deliveries: { id: number; message_id: string; status: string }[];
      };
      return list.deliveries.find((d) => d.message_id === got.headers["webhook-id"]);
    };
    await expect.poll(async () => (await ours())?.status).toBe("delivered");
    const deliveryId = (await ours())!.id;

    // The secret is not in the page any more, not even after a reload.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
    expect(await page.content()).not.toContain(secret.slice(6));
    await expect(row).toContainText("Working");
    await row.getByRole("button", { name: "Deliveries" }).click();
    const deliveries = page.locator(`div[id^="webhook-deliveries-"]`).filter({ hasText: rx.url });
    const retry = page.getByRole("button", {
      name: `Retry delivery #${deliveryId} (lead.created)`,
      exact: true,
    });
    const delivered = deliveries.getByRole("row").filter({ has: retry });
    await expect(delivered).toContainText("Delivered");
    await expect(delivered).toContainText("HTTP 200");

    // Sent again on request: the receiver gets the same message again.
    await delivered.getByRole("button", { name: /^Retry/ }).click();
    await expect(
      page.getByRole("status").filter({ hasText: /Delivered: the receiver answered 200/ }),
    ).toBeVisible();
    expect(rx.received.filter((r) => r.headers["webhook-id"] === got.headers["webhook-id"])).toHaveLength(2);
    await expectNoAxeViolations(page);
    mkdirSync("test-results", { recursive: true });
    await page.screenshot({ path: `test-results/webhooks-${info.project.name}.png`, fullPage: true });

    // Deleted after a confirmation.
    await row.getByRole("button", { name: /^Delete/ }).click();
    await row.getByRole("button", { name: "Yes, delete" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Webhook deleted." })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: rx.url })).toHaveCount(0);
  } finally {
    await rx.close();
  }
});

test("admin and reader have no Webhooks screen", async ({ page }) => {
  for (const role of ["admin", "reader"] as const) {
    await loginAs(page, role);
    expect((await page.request.get("/api/webhooks")).status()).toBe(403);
    await page.goto("/dashboard/webhooks");
    await expect(page.getByText("Access Denied")).toBeVisible();
  }
});
