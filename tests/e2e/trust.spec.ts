/**
 * The trust center in Chromium, at both widths: /trust, /security and security.txt answer, pass
 * axe and the HTML checker and ship no script; a visitor requests the SOC 2 report with the form
 * the browser posts itself, the lead arrives owned by the sales member a rule names, a sales user
 * approves it, the mailed link downloads the PDF, and a changed signature gets a 403 page. A
 * reader cannot approve; a request without the NDA's acceptance gets a 400 that says so.
 */
import { expect as baseExpect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers/axe";
import { htmlErrors } from "./helpers/html-validity";
import { waitForMail } from "./helpers/outbox";
import { loginAs, STAFF } from "./helpers/staff";

test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

test("the trust pages answer, pass axe and the HTML checker, and ship no script @layout", async ({
  page,
}, info) => {
  for (const path of ["/trust", "/security"]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    expect(await htmlErrors(await page.content(), path), path).toEqual([]);
    await expect(page.locator("script[src]"), path).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.screenshot({
      path: info.outputPath(`${path.slice(1)}-${info.project.name}.png`),
      fullPage: true,
    });
  }
  await page.goto("/trust");
  await expect(
    page.getByRole("heading", { level: 2, name: "Certifications and attestations" }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: /SOC 2 Type II/ })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Subprocessors" })).toBeVisible();
  await expect(page.getByRole("link", { name: /subprocessor changes feed/ })).toHaveAttribute(
    "href",
    "/trust/subprocessors.xml",
  );
  const txt = await page.request.get("/.well-known/security.txt");
  expect(txt.status()).toBe(200);
  const body = await txt.text();
  for (const field of ["Contact: mailto:", "Expires: ", "Policy: ", "Preferred-Languages: en", "Canonical: "])
    expect(body).toContain(field);
  const expires = new Date(/Expires: (\S+)/.exec(body)![1]!);
  expect(expires.getTime() - Date.now()).toBeLessThanOrEqual(366 * 86_400_000);
  const feed = await page.request.get("/trust/subprocessors.xml");
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain("<rss");
});

test("a requested SOC 2 report is approved by sales and downloaded through its signed link @layout", async ({
  page,
}, info) => {
  const tag = `trust${info.project.name.replace(/\W/g, "")}${Date.now().toString(36)}`;
  const email = `dana@${tag}.com`;

  // An admin's rule gives security reviews to the sales member, tried first.
  await loginAs(page, "admin");
  const owners = (await (await page.request.get("/api/lead-owners")).json()) as {
    owners: { id: number; email: string }[];
  };
  const sales = owners.owners.find((o) => o.email === STAFF.sales.email)!;
  const made = await page.request.post("/api/assignment-rules", {
    data: { name: `Reviews ${tag}`, kinds: ["security review"], members: [String(sales.id)] },
  });
  expect(made.status(), await made.text()).toBe(201);
  const rule = ((await made.json()) as { rule: { id: number } }).rule.id;
  const first = await page.request.put(`/api/assignment-rules/${rule}`, {
    data: { name: `Reviews ${tag}`, kinds: ["security review"], members: [String(sales.id)], position: 1 },
  });
  expect(first.status(), await first.text()).toBe(200);
  await page.context().clearCookies();

  try {
    // The visitor: the form the browser posts itself, no script.
    await page.goto("/trust#request");
    const form = page.getByRole("form", { name: "Request restricted documents" });
    await form.getByLabel("Your name").fill(`Dana ${tag}`);
    await form.getByLabel("Work e-mail").fill(email);
    await form.getByLabel("Company").fill(tag);
    await form.getByLabel("SOC 2 Type II report").check();
    await form.getByLabel("I accept the non-disclosure terms above").check();
    await form.getByRole("button", { name: "Request documents" }).click();
    await expect(page).toHaveURL(/\/trust\/requested$/);
    await expect(page.getByRole("heading", { level: 1, name: "Request sent" })).toBeVisible();

    // Sales: the lead is there with its owner, and is approved from its card.
    await loginAs(page, "sales");
    const list = (await (await page.request.get(`/api/inquiries?q=${tag}`)).json()) as {
      inquiries: { id: number; kind: string; owner: { email: string } | null }[];
    };
    const lead = list.inquiries[0]!;
    expect(lead.kind).toBe("security review");
    expect(lead.owner?.email).toBe(STAFF.sales.email);
    // A reader may not decide it.
    await page.context().clearCookies();
    await loginAs(page, "reader");
    const refused = await page.request.post(`/api/trust-requests/${lead.id}/approve`);
    expect(refused.status()).toBe(403);
    await page.context().clearCookies();
    await loginAs(page, "sales");

    await page.goto(`/dashboard/leads?q=${tag}`);
    const card = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: `Dana ${tag} · ${tag}` }) });
    await expect(card).toContainText(`Owner: ${STAFF.sales.email}`);
    await expect(card).toContainText("Security review (documents under NDA)");
    await expectNoAxeViolations(page);
    await page.screenshot({ path: info.outputPath(`lead-${info.project.name}.png`), fullPage: true });
    await card.getByRole("button", { name: /Approve and send links/ }).click();
    await expect(page.getByRole("status").filter({ hasText: "Request approved" })).toBeVisible();
    await expect(card).toContainText("Approved by");

    // The requester's mail: a signed link per document.
    const mail = await waitForMail(email, /Your security documents/);
    const link = /https?:\/\/\S+\/api\/trust-document\/soc2-report\?\S+/.exec(mail.text)![0];
    const pdf = await page.request.get(link);
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

    // A changed signature: a page that says why.
    const url = new URL(link);
    const sig = url.searchParams.get("sig")!;
    url.searchParams.set("sig", `${sig.slice(0, -1)}${sig.endsWith("A") ? "B" : "A"}`);
    await page.context().clearCookies();
    const tampered = await page.goto(url.toString());
    expect(tampered?.status()).toBe(403);
    await expect(page.getByRole("alert")).toContainText("This link is not valid");
    await expectNoAxeViolations(page);

    // The download is on the lead's timeline.
    await loginAs(page, "sales");
    const timeline = (await (await page.request.get(`/api/lead-timeline/${lead.id}`)).json()) as {
      events: { kind: string; from: string | null; to: string | null }[];
    };
    expect(timeline.events.some((e) => e.kind === "documents" && e.from === "downloaded")).toBe(true);
  } finally {
    await page.context().clearCookies();
    await loginAs(page, "admin");
    await page.request.delete(`/api/assignment-rules/${rule}`);
  }
});

test("a request without accepting the NDA gets a 400 that says so", async ({ request }) => {
  const res = await request.post("/api/trust-request", {
    data: { name: "Dana", email: "dana@acme-corp.com", company: "Acme", documents: ["soc2-report"] },
  });
  expect(res.status()).toBe(400);
  expect(((await res.json()) as { error: string }).error).toMatch(/non-disclosure/);
});
