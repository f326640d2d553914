import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect as baseExpect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers/axe";
import { readOutbox, type OutboxMail } from "./helpers/outbox";
import { islandChunks } from "../../scripts/lib/island-bytes";
import { e2eDataDir } from "./helpers/data-dir";

// Form filling, real uploads and axe on a shared 2-core machine need more than the default 45 s.
test.describe.configure({ timeout: 300_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const SELECTS = ["Company Size", "Approximate Budget", "Project Type"];
/** A form control by its accessible name (the label without the aria-hidden asterisk). */
const field = (page: Page, label: string) =>
  page.getByRole(SELECTS.includes(label) ? "combobox" : "textbox", { name: label, exact: true });
const CONTACT = "/contact";

/** A PDF of about 600 KB: big enough for the upload to take a visible while when throttled. */
function pdfBytes(): Buffer {
  const head = "%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\n";
  return Buffer.concat([Buffer.from(head), Buffer.alloc(600 * 1024, 0x20), Buffer.from("\n%%EOF\n")]);
}

async function openForm(page: Page, query = "") {
  await page.goto(`${CONTACT}${query}`);
  await expect(page.getByRole("heading", { level: 1, name: "Let's Talk" })).toBeVisible();
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Send" }) });
  // Hydrating as it comes into view can detach the element being scrolled to: scroll until it holds.
  await expect(async () => form.scrollIntoViewIfNeeded({ timeout: 2_000 })).toPass();
  // client:near: wait until the island has hydrated (in view) before typing.
  await page.locator("astro-island[component-url*='ContactForm']:not([ssr])").waitFor();
  return form;
}

async function fillAll(page: Page, name: string, email: string) {
  await field(page, "Full Name").fill(name);
  await field(page, "Work email").fill(email);
  await field(page, "Company").fill("Analytical Engines Inc");
  await field(page, "Job Title").fill("CTO");
  await field(page, "Industry").fill("Manufacturing");
  await field(page, "Company Size").selectOption("50-100");
  const country = page.getByLabel("Country of the mobile number");
  // The country list enters the page when the visitor reaches for the picker: here by keyboard.
  await expect(country.locator("option")).toHaveCount(1);
  await country.focus();
  expect(await country.locator("option").count()).toBeGreaterThan(200);
  await country.selectOption("GB");
  await field(page, "Mobile Number").pressSequentially("7400123456");
  await field(page, "Approximate Budget").selectOption("$10000-$50000");
  await field(page, "Project details").fill("Move our ERP to Kubernetes.\nKeep the nightly batch.");
  await field(page, "Project Type").selectOption("Urgent");
  const deadline = field(page, "Deadline");
  await deadline.fill("12/31/2099");
  await deadline.press("Escape");
  await expect(deadline).toHaveValue("12/31/2099");
}

async function mailFor(name: string, timeoutMs = 15_000): Promise<OutboxMail> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const found = readOutbox().find((m) => m.text.includes(`Full Name: ${name}`));
    if (found) return found;
    if (Date.now() > end) throw new Error(`No mail for ${name}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

test("/contact%20us (SPEC's address) leads to the contact page, which passes axe", async ({ page }) => {
  await page.goto("/contact%20us");
  expect(new URL(page.url()).pathname).toBe(CONTACT);
  await openForm(page);
  await expect(page.getByText("within 24 hours").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "sales@example.com" }).first()).toHaveAttribute(
    "href",
    "mailto:sales@example.com",
  );
  await expect(page.getByText("PDF, DOC, DOCX, PPTX, XLSX, PNG or JPG, up to 4 MB").first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the calendar's stylesheet is fetched once the form is interactive, and moves nothing", async ({
  page,
}) => {
  // Held back until the date field has been measured.
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/_astro\/datepicker\.[\w-]+\.css$/, async (route) => {
    await held;
    await route.continue();
  });
  expect(await (await page.request.get(CONTACT)).text()).not.toContain("react-datepicker__day");
  await openForm(page);
  const field = page.locator('input[name="deadline"]');
  await field.scrollIntoViewIfNeeded();
  await expect.poll(() => page.locator('link[rel="stylesheet"][href*="datepicker"]').count()).toBe(1);
  const before = await field.boundingBox();
  release();
  await expect
    .poll(() => page.evaluate(() => [...document.styleSheets].some((s) => s.href?.includes("datepicker"))))
    .toBe(true);
  expect(await field.boundingBox()).toEqual(before);
  await field.click();
  const next = page.locator(".react-datepicker__navigation--next");
  await expect(next).toBeVisible();
  const box = (await next.boundingBox())!;
  expect([box.width, box.height]).toEqual([44, 44]);
  await expectNoAxeViolations(page);
});

test("an inquiry from form to sales: real upload progress, /ack with the name, mail and file", async ({
  page,
}, info) => {
  const name = `Ada ${info.project.name} ${Date.now()}`;
  await openForm(page, "?utm_source=e2e&utm_campaign=contact-flow");
  await fillAll(page, name, `ada.${info.project.name}@analytical.example`);
  const bytes = pdfBytes();
  await page
    .locator("input[type=file]")
    .setInputFiles({ name: "brief.pdf", mimeType: "application/pdf", buffer: bytes });
  await expect(page.getByRole("button", { name: "Remove brief.pdf" })).toBeVisible();

  // Slow the upload down (about 3 s) so the progress of the real request can be seen.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 200 * 1024,
  });
  // Record every progress text the page shows while the request is under way (in this process,
  // so the record survives the move to /ack).
  const seen: string[] = [];
  await page.exposeFunction("reportProgress", (t: string) => {
    if (seen.at(-1) !== t) seen.push(t);
  });
  await page.evaluate(() => {
    const report = (window as unknown as { reportProgress: (t: string) => void }).reportProgress;
    new MutationObserver(() => {
      for (const t of document.body.innerText.match(/Uploading \d+%|Completed/g) ?? []) report(t);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  const send = page.getByRole("button", { name: /Send|Sending/ });
  await send.click();
  await expect(send).toHaveText("Sending...");
  await expect(send).toBeDisabled();
  await expect.poll(() => seen.at(-1), { timeout: 60_000 }).toBe("Completed");
  const percents = seen.filter((t) => t.startsWith("Uploading")).map((t) => Number(t.match(/\d+/)![0]));
  // Real progress: several values between the ends, rising, then the check mark and 'Completed'.
  expect(percents.filter((p) => p > 0 && p < 100).length, seen.join(", ")).toBeGreaterThanOrEqual(2);
  expect([...percents].sort((a, b) => a - b)).toEqual(percents);
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  await page.waitForURL("**/ack");
  await expect(page.getByRole("heading", { level: 1, name: `Thank You, ${name}!` })).toBeVisible();
  await expect(page.getByText("reach out to you within 24 hours")).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: /LinkedIn/ })).toBeVisible();
  await expectNoAxeViolations(page);

  // Sales got every field, and the file is stored.
  const mail = await mailFor(name);
  expect(mail.to).toContain("sales@example.com");
  for (const line of [
    `Work email: ada.${info.project.name}@analytical.example`,
    "Company: Analytical Engines Inc",
    "Job Title: CTO",
    "Industry: Manufacturing",
    "Company Size: 50-100",
    "Mobile Number: +447400123456",
    "Approximate Budget: $10000-$50000",
    "Project Type: Urgent",
    "Deadline (YYYY-MM-DD): 2099-12-31",
    "Move our ERP to Kubernetes.\nKeep the nightly batch.",
    "Attachment: brief.pdf",
    "utm_source=e2e",
    "utm_campaign=contact-flow",
  ])
    expect(mail.text.replace(/\r\n/g, "\n")).toContain(line);
  // The mail links to the lead in the dashboard (sign-in required), never to the file itself.
  expect(mail.text).toMatch(/https?:\/\/\S+\/dashboard\/leads#lead-\d+/);
  expect(mail.text).not.toMatch(/\/api\/files\/|X-Amz-Signature/);

  // And the file is in storage under a random private key.
  const dir = path.join(e2eDataDir(), "uploads", "private");
  expect(existsSync(dir)).toBe(true);
  const stored = readdirSync(dir).filter((f) => f.endsWith(".pdf"));
  expect(stored.some((f) => readFileSync(path.join(dir, f)).equals(bytes))).toBe(true);
  expect(stored.every((f) => /^[0-9a-f-]{36}\.pdf$/.test(f))).toBe(true);

  // A reload keeps the page; leaving it ends the access.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: `Thank You, ${name}!` })).toBeVisible();
  // Leaving the page revokes the access with a beacon on pagehide (which Playwright does not see):
  // wait until the server, asked with this browser's cookies, says the access is gone.
  await page.getByRole("link", { name: "Home", exact: true }).click();
  await page.waitForURL((u) => u.pathname === "/");
  await expect
    .poll(
      async () =>
        ((await (await page.request.get("/api/check_ack_access")).json()) as { access?: boolean }).access,
    )
    .toBe(false);
  await page.goto("/ack");
  await page.waitForURL((u) => u.pathname === "/");
});

test("pressing the phone's country picker puts the whole country list in it", async ({ page }) => {
  await openForm(page);
  const country = page.getByLabel("Country of the mobile number");
  await expect(country.locator("option")).toHaveCount(1);
  const chosen = await country.inputValue();
  await country.click();
  expect(await country.locator("option").count()).toBeGreaterThan(200);
  await expect(country).toHaveValue(chosen);
  await page.keyboard.press("Escape");
});

test("/ack without access goes home", async ({ page }) => {
  await page.goto("/ack");
  await page.waitForURL((u) => u.pathname === "/");
});

test("every validation message of SPEC section 5 appears where it should", async ({ page }) => {
  await openForm(page);
  await page.getByRole("button", { name: "Send" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Please correct the errors in the form." }),
  ).toBeVisible();
  for (const label of [
    "Full Name",
    "Work email",
    "Company",
    "Job Title",
    "Industry",
    "Company Size",
    "Mobile Number",
    "Approximate Budget",
    "Project Type",
    "Deadline",
  ])
    await expect(field(page, label)).toHaveAttribute("aria-invalid", "true");
  await expect(field(page, "Project details")).not.toHaveAttribute("aria-invalid", "true");
  await expect(field(page, "Full Name")).toBeFocused();

  // Work e-mail: checked on blur, cleared on edit; a free-mail address is told what is needed and why.
  const email = field(page, "Work email");
  const workNeeded = page.getByText(
    "Use your work email (name@yourcompany.com): we reply to businesses only, and a work address lets us reach the right team.",
  );
  const malformed = page.getByText("Enter a valid email address, like name@yourcompany.com.");
  await email.fill("ada@gmail.com");
  await email.blur();
  await expect(workNeeded).toBeVisible();
  await expect(email).toHaveAccessibleDescription(/Use your work email/);
  await email.pressSequentially("x");
  await expect(workNeeded).toBeHidden();
  for (const bad of ["ada@company", "ada@company.", "a@b@company.com"]) {
    await email.fill(bad);
    await email.blur();
    await expect(malformed).toBeVisible();
  }
  await email.fill("ada@analytical.example");
  await email.blur();
  await expect(malformed).toBeHidden();
  await expect(workNeeded).toBeHidden();

  // Mobile: only digits and a leading plus get in; a number invalid for the country is refused.
  const mobile = field(page, "Mobile Number");
  await mobile.pressSequentially("20a1-5");
  await expect(mobile).not.toHaveValue(/[a-]/);
  await mobile.blur();
  await expect(page.getByText("Enter a valid Mobile Number")).toBeVisible();
  await mobile.fill("");
  await mobile.pressSequentially("2015550123");
  await mobile.blur();
  await expect(page.getByText("Enter a valid Mobile Number")).toBeHidden();

  // Date: MM/dd/yyyy only.
  const deadline = field(page, "Deadline");
  await deadline.fill("02/30/2030");
  await deadline.press("Tab");
  await expect(page.getByText("Date input not valid.")).toBeVisible();

  // Attachment: the kinds and size stated on the page.
  await page
    .locator("input[type=file]")
    .setInputFiles({ name: "tool.exe", mimeType: "application/octet-stream", buffer: Buffer.from("MZ") });
  await expect(
    page.getByText("Attach a PDF, DOC, DOCX, PPTX, XLSX, PNG or JPG file up to 4 MB."),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a refused send says 'Failed to submit form' and keeps everything typed", async ({ page }, info) => {
  const name = `Bea ${info.project.name} ${Date.now()}`;
  await openForm(page);
  await fillAll(page, name, "bea@analytical.example");
  // Named like a PDF but not one: the browser lets it through, the server judges the bytes.
  await page
    .locator("input[type=file]")
    .setInputFiles({ name: "fake.pdf", mimeType: "application/pdf", buffer: Buffer.from("just some text") });
  await page.getByRole("button", { name: "Send" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "Failed to submit form" });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText("Attachment must be one of");
  expect(new URL(page.url()).pathname).toBe(CONTACT);
  await expect(field(page, "Full Name")).toHaveValue(name);
  await expect(field(page, "Work email")).toHaveValue("bea@analytical.example");
  await expect(field(page, "Company Size")).toHaveValue("50-100");
  await expect(field(page, "Mobile Number")).toHaveValue(/7400/);
  await expect(field(page, "Project details")).toHaveValue(/Kubernetes/);
  await expect(field(page, "Deadline")).toHaveValue("12/31/2099");
  await expect(page.getByRole("button", { name: "Remove fake.pdf" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Send" })).toBeEnabled();
});

test("the form's island fetches at most 90 kB of gzipped script to be ready (issue 35)", async ({ page }) => {
  // The built page and files this server sends: the island's modules and their static imports.
  const dist = path.join(process.cwd(), "dist");
  const chunks = islandChunks(dist, await (await page.request.get(CONTACT)).text(), "ContactForm");
  const total = chunks.reduce((a, c) => a + c.gzip, 0);
  const list = chunks.map((c) => `${c.file} ${c.gzip}`).join(", ");
  expect(total, list).toBeLessThanOrEqual(90 * 1024);
  // Full zod, the phone metadata and the calendar are not among them (their own chunks, later).
  for (const c of chunks) {
    const code = readFileSync(path.join(dist, "_astro", c.file), "utf8");
    expect(code, c.file).not.toContain("$ZodType");
    expect(code, c.file).not.toContain("country_calling_codes");
    expect(code, c.file).not.toContain("react-datepicker__day");
  }
  // And the form is ready (its effect ran) once the island has hydrated.
  await openForm(page);
  await expect(page.locator("form[data-ready]")).toHaveCount(1);
});

test("the form's script is fetched as the visitor nears it, and runs only when the form is in view (client:near)", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const fetched: string[] = [];
  page.on("requestfinished", (r) => fetched.push(new URL(r.url()).pathname));
  await page.goto(CONTACT);
  await page.waitForLoadState("networkidle");
  const island = page.locator("astro-island[component-url*='ContactForm']");
  const component = new URL((await island.getAttribute("component-url"))!, page.url()).pathname;
  const { top, height } = (await page.evaluate(`(() => {
    const form = document.querySelector("astro-island[component-url*='ContactForm'] form");
    return { top: form.getBoundingClientRect().top + scrollY, height: innerHeight };
  })()`)) as { top: number; height: number };
  // More than a screen below the view: nothing of the island is fetched.
  expect(top).toBeGreaterThan(2 * height);
  expect(fetched).not.toContain(component);
  // Half a screen below the view: all of its script arrives (every module the build listed, asked
  // for at once), but the form is not hydrated yet.
  const modules = ((await island.getAttribute("data-modules")) ?? "").split(" ").filter(Boolean);
  expect(modules).toContain(new URL((await island.getAttribute("renderer-url"))!, page.url()).pathname);
  expect(modules.length).toBeGreaterThan(2);
  await page.evaluate(`scrollTo(0, ${Math.round(top - 1.5 * height)})`);
  await expect
    .poll(() => modules.filter((m) => !fetched.includes(new URL(m, page.url()).pathname)))
    .toEqual([]);
  await page.waitForTimeout(500);
  await expect(island).toHaveAttribute("ssr", "");
  await expect(page.locator("form[data-ready]")).toHaveCount(0);
  // In view: it hydrates.
  await page
    .locator("form")
    .filter({ has: page.getByRole("button", { name: "Send" }) })
    .scrollIntoViewIfNeeded();
  await expect(page.locator("form[data-ready]")).toHaveCount(1);
  await expect(island).not.toHaveAttribute("ssr", /.*/);
});
