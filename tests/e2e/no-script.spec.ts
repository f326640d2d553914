/**
 * The public forms with JavaScript off (about 1 % of visits run none; a form sent before its island
 * hydrates is the same case): the browser posts each form itself and always lands on a page of the
 * site, never on JSON.
 */
import { expect as baseExpect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers/axe";
import { loginAs } from "./helpers/staff";

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const unique = (project: string) => `${project}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const shot = (page: Page, name: string, project: string) =>
  page.screenshot({ path: `test-results/shots/noscript-${name}-${project}.png`, fullPage: true });

/** Never the bare JSON of an API answer. */
async function expectAPage(page: Page) {
  await expect(page.locator("body")).not.toContainText('{"error"');
  await expect(page.locator("link[rel=stylesheet], style").first()).toBeAttached();
}

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("contact: a complete inquiry reaches the leads inbox and the thank-you page", async ({
    page,
  }, info) => {
    const email = `${unique(info.project.name)}@analytical.example`;
    await page.goto("/contact");
    await page.getByLabel(/^Full Name/).fill("Grace Hopper");
    await page.getByLabel(/^Work email/).fill(email);
    await page.getByRole("textbox", { name: /^Company/ }).fill("Analytical Engines Inc");
    await page.getByLabel(/^Job Title/).fill("CTO");
    await page.getByLabel(/^Industry/).fill("Manufacturing");
    await page.getByLabel(/^Company Size/).selectOption("50-100");
    await page.getByLabel(/^Mobile Number/).fill("(212) 555-0187");
    await page.getByLabel(/^Approximate Budget/).selectOption("$5000-$10000");
    await page.getByLabel(/^Project details/).fill("Move our ERP to Kubernetes.");
    await page.getByLabel(/^Project Type/).selectOption("Normal");
    await page.getByLabel(/^Deadline/).fill("12/31/2099");
    await page.getByRole("button", { name: "Send" }).click();

    await expect(page).toHaveURL(/\/ack$/);
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
    await expect(page.getByText("Loading...")).toBeHidden();
    await expect(page.locator(".route-spinner")).toBeHidden();
    await expectAPage(page);
    await shot(page, "ack", info.project.name);

    await loginAs(page, "sales");
    const res = await page.request.get(`/api/inquiries?q=${encodeURIComponent(email)}`);
    const { inquiries } = (await res.json()) as {
      inquiries: { email: string; mobile: string; deadline: string | null }[];
    };
    expect(inquiries.map((i) => [i.email, i.mobile, i.deadline])).toEqual([
      [email, "+12125550187", "2099-12-31"],
    ]);
  });

  test("contact: a form with problems lands on a page listing them, with what was typed", async ({
    page,
  }, info) => {
    await page.goto("/contact");
    await page.getByLabel(/^Full Name/).fill("Grace Hopper");
    await page.getByLabel(/^Work email/).fill("grace@gmail.com");
    await page.getByRole("button", { name: "Send" }).click();

    await expect(page).toHaveURL(/\/api\/submit$/);
    await expectAPage(page);
    await expect(page.getByRole("heading", { level: 1, name: "Your inquiry was not sent" })).toBeVisible();
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("Please correct the errors in the form.");
    await expect(alert.getByRole("listitem").filter({ hasText: "Company is required." })).toBeVisible();
    await expect(
      alert
        .getByRole("listitem")
        .filter({ hasText: "Use your work email (name@yourcompany.com): we reply to businesses only" }),
    ).toBeVisible();
    await expect(page.getByLabel("Full Name")).toHaveValue("Grace Hopper");
    // Each field with a problem says so, once (the first of its problems).
    await expect(page.getByRole("textbox", { name: /^Company/ })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("textbox", { name: /^Company/ })).toHaveAccessibleDescription(
      "Company is required.",
    );
    await expect(alert.getByRole("listitem").filter({ hasText: "Mobile Number" })).toHaveCount(1);
    await expect(page.getByRole("link", { name: "Back to the contact form" })).toHaveAttribute(
      "href",
      "/contact",
    );
    await shot(page, "contact-errors", info.project.name);
  });

  test("a blog comment is posted and the post says so; a blank one lands on a page", async ({
    page,
  }, info) => {
    const name = `Reader ${unique(info.project.name)}`;
    await page.goto("/blog");
    await page.locator(".post-card .title a").first().click();
    const post = new URL(page.url()).pathname;
    await page.getByRole("textbox", { name: "Name" }).fill(name);
    await page.getByRole("textbox", { name: /^Email/ }).fill("reader@example.org");
    await page.getByRole("textbox", { name: "Comment" }).fill("Posted without a script.");
    await page.getByRole("button", { name: "Post Comment" }).click();

    await expect(page).toHaveURL(new RegExp(`${post}\\?comment=posted#comments$`));
    await expect(
      page.getByRole("status").filter({ hasText: "Thank you! Your comment has been posted." }),
    ).toBeVisible();
    await expect(page.getByText(name, { exact: true })).toBeVisible();
    await shot(page, "comment-posted", info.project.name);

    await page.getByRole("button", { name: "Post Comment" }).click();
    await expectAPage(page);
    await expect(page.getByRole("heading", { level: 1, name: "Your comment was not posted" })).toBeVisible();
    await expect(page.getByRole("alert")).toContainText("Please correct the errors in the form.");
    await expect(page.getByRole("link", { name: "Back to the post" })).toHaveAttribute(
      "href",
      new RegExp(`^${post}.*#comments$`),
    );
    await shot(page, "comment-errors", info.project.name);
  });

  test("an FAQ question is sent and the careers page says so; a blank one lands on a page", async ({
    page,
  }, info) => {
    await page.goto("/careers");
    await page
      .getByLabel("Ask a new question")
      .fill(`Can I work from Madurai (${unique(info.project.name)})?`);
    await page.getByRole("button", { name: "Submit question" }).click();
    await expect(page).toHaveURL(/\/careers\?faq=sent#faq$/);
    await expect(
      page.getByRole("status").filter({ hasText: "FAQ submitted. Your question will appear once answered." }),
    ).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "FAQ submitted." })).toContainText(
      "our recruitment team reads every question and answers it here",
    );
    await shot(page, "faq-sent", info.project.name);

    await page.getByRole("button", { name: "Submit question" }).click();
    await expectAPage(page);
    await expect(page.getByRole("heading", { level: 1, name: "Your question was not sent" })).toBeVisible();
    await expect(page.getByRole("alert").getByRole("listitem")).toHaveText(["Question is required."]);
    await shot(page, "faq-errors", info.project.name);
  });
});

// axe runs in the page: the pages a form lands on run no script of their own, so this looks at
// them in a browser with JavaScript on, after a form posted by the browser itself.
test("the pages a failed native post lands on pass axe", async ({ page }) => {
  for (const [action, fields] of [
    ["/api/submit", { fullName: "", email: "x@gmail.com" }],
    ["/api/add-faq", { question: " " }],
    ["/api/add-comment", { post_id: "1", name: "", email: "", comment: "Kept" }],
  ] as const) {
    await page.goto("/about");
    await page.evaluate(
      ([a, f]) => {
        const form = document.createElement("form");
        form.method = "post";
        form.action = a;
        if (a === "/api/submit") form.enctype = "multipart/form-data";
        for (const [k, v] of Object.entries(f)) {
          const input = document.createElement("input");
          input.name = k;
          input.value = v;
          form.append(input);
        }
        document.body.append(form);
        form.submit();
      },
      [action, fields] as const,
    );
    await page.waitForURL(new RegExp(`${action}$`));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  }
});
