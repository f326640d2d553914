/**
 * The trust center in Chromium, at both widths: /trust, /security and security.txt answer, pass
 * axe and the HTML checker and ship no script; a visitor requests the SOC 2 report with the form
 * the browser posts itself, the lead arrives owned by the sales member a rule names, a sales user
 * approves it, the mailed link downloads the PDF, and a changed signature gets a 403 page. A
 * reader cannot approve; a request without the NDA's acceptance gets a 400 that says so. An admin
 * uploads a PDF on the dashboard (straight to storage through a signed link) and publishes it as
 * public: /trust lists it and it downloads.
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

/** A small PDF made here (a file's bytes, as an admin's would be). */
const pdfBytes = (title: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n` +
      `3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 144]>>endobj\n% ${title}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );

test("an admin uploads a PDF on the dashboard and publishes it: /trust lists it and it downloads", async ({
  page,
}, info) => {
  test.skip(info.project.name !== "desktop", "the dashboard's upload is covered once");
  const title = `Business continuity summary ${Date.now().toString(36)}`;
  await loginAs(page, "admin");
  await page.goto("/dashboard/site");
  const section = page.getByRole("region", { name: "Documents" });
  const form = section.getByRole("form", { name: "Upload a document" });
  await expect(form).toBeVisible();

  // A file that is not a PDF is refused in words before anything is sent.
  await form.getByLabel("Title").fill(title);
  await form
    .getByLabel("PDF file")
    .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await form.getByRole("button", { name: "Upload and publish" }).click();
  await expect(form.getByText("“notes.txt” is not a PDF")).toBeVisible();

  await form.getByLabel("Access").selectOption("public");
  await form
    .getByLabel("PDF file")
    .setInputFiles({ name: "continuity.pdf", mimeType: "application/pdf", buffer: pdfBytes(title) });
  const put = page.waitForRequest((r) => r.method() === "PUT" && r.url().includes("/api/files/private/"));
  await form.getByRole("button", { name: "Upload and publish" }).click();
  expect((await put).headers()["content-type"]).toBe("application/pdf");
  await expect(section.getByRole("status").filter({ hasText: `${title} published` })).toBeVisible();
  const row = section
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 3, name: title }) });
  await expect(row).toContainText("Published");
  await expect(row).toContainText("Public");
  await expectNoAxeViolations(page, 'section[aria-labelledby="documents-title"]');
  await section.screenshot({ path: info.outputPath(`documents-${info.project.name}.png`) });

  const listed = (await (await page.request.get("/api/trust-documents")).json()) as {
    documents: { id: string; title: string; url?: string }[];
  };
  const doc = listed.documents.find((d) => d.title === title)!;
  try {
    await page.context().clearCookies();
    await page.goto("/trust");
    const link = page.getByRole("link", { name: title });
    await expect(link).toHaveAttribute("href", doc.url!);
    const pdf = await page.request.get(doc.url!);
    expect(pdf.status()).toBe(200);
    expect(await pdf.body()).toEqual(pdfBytes(title));
  } finally {
    await loginAs(page, "admin");
    await page.request.delete(`/api/trust-documents/${doc.id}`);
  }
});

test("a request without accepting the NDA gets a 400 that says so", async ({ request }) => {
  const res = await request.post("/api/trust-request", {
    data: { name: "Dana", email: "dana@acme-corp.com", company: "Acme", documents: ["soc2-report"] },
  });
  expect(res.status()).toBe(400);
  expect(((await res.json()) as { error: string }).error).toMatch(/non-disclosure/);
});
