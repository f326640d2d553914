/**
 * A buyer books a call in the same visit: sends the form, picks a time on /ack, both invitations
 * land in the outbox with their calendar parts, the lead card shows the call, the buyer cancels
 * from the mail's link and the time is free again. Without script: the mail's /book page.
 */
import { expect as baseExpect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers/axe";
import { sendInquiry } from "./helpers/inquiry";
import { waitForMail } from "./helpers/outbox";
import { loginAs, STAFF } from "./helpers/staff";

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const ALL_DAY = Array.from({ length: 7 }, () => "00:00-23:59");

/**
 * The buyers of this spec: the largest companies and budgets, which no other spec sends, so the
 * rule below gives the admin these leads and no other spec's.
 */
const CALLERS = { companySize: "500-Above", budget: "$1000000-Above" } as const;

/** The admin takes calls all day, and owns this spec's new leads (a rule of their own). */
async function ownerReady(page: Page) {
  await loginAs(page, "admin");
  const av = await page.request.post("/api/update-availability", {
    data: { timeZone: "Asia/Kolkata", weekly: ALL_DAY, daysOff: [], meetingMinutes: 30, bufferMinutes: 0 },
  });
  expect(av.status(), await av.text()).toBe(200);
  const me = (await (await page.request.get("/api/check-session")).json()) as { userId: number };
  const rules = (await (await page.request.get("/api/assignment-rules")).json()) as {
    rules?: { name: string }[];
  };
  if (!rules.rules?.some((r) => r.name === "Calls e2e")) {
    const made = await page.request.post("/api/assignment-rules", {
      data: {
        name: "Calls e2e",
        companySizes: [CALLERS.companySize],
        budgets: [CALLERS.budget],
        members: String(me.userId),
        enabled: true,
      },
    });
    expect(made.status(), await made.text()).toBeLessThan(300);
  }
  await page.request.post("/api/logout");
}

test("a buyer books a call on /ack, gets the invitation, and cancels it from the mail @layout", async ({
  page,
  browser,
}, info) => {
  await ownerReady(await (await browser.newContext()).newPage());
  const email = `call.${info.project.name}.${Date.now()}@buyer.example`;
  // A company of this run's own: the owner's mail names it.
  const orgName = `Booker ${info.project.name} ${Date.now()}`;
  const res = await sendInquiry(page, { ...CALLERS, email, orgName, fullName: "Grace Booker" });
  expect(res.status()).toBe(200);
  await page.goto("/ack");
  await expect(page.getByRole("heading", { name: "Thank You, Grace Booker!" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Book a call now" })).toBeVisible();
  // Not the earliest time: it may pass into the minimum notice while the test runs (the server
  // then answers it as gone). Phone and desktop run at once with one owner: a time each.
  const first = page.getByRole("button", { name: /^Book / }).nth(info.project.name === "phone" ? 2 : 4);
  await expect(first).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `test-results/booking-ack-${info.project.name}.png`, fullPage: true });
  const label = (await first.getAttribute("aria-label"))!.replace(/^Book /, "");
  await first.click();
  await expect(page.getByRole("status").filter({ hasText: "Call booked" })).toContainText(label);

  const buyerMail = await waitForMail(email, /Your call with/);
  expect(buyerMail.calendar?.method).toBe("REQUEST");
  expect(buyerMail.calendar?.ics).toMatch(/BEGIN:VEVENT[\s\S]*DTSTART:\d{8}T\d{6}Z/);
  const ownerMail = await waitForMail(
    STAFF.admin.email,
    new RegExp(`Call booked: lead #\\d+ \\(${orgName}\\)`),
  );
  expect(ownerMail.calendar?.method).toBe("REQUEST");
  const uid = /^UID:(.*)\r$/m.exec(buyerMail.calendar!.ics)![1];
  expect(ownerMail.calendar!.ics).toContain(`UID:${uid}`);

  // The owner sees the call on the lead's card, in their own time, and their availability screen.
  const staff = await (await browser.newContext()).newPage();
  await loginAs(staff, "admin");
  await staff.goto("/dashboard/leads");
  await expect(
    staff.getByText(/Call booked: \w{3} \d{1,2} \w{3}, \d{2}:\d{2} your time/).first(),
  ).toBeVisible();
  await staff.screenshot({ path: `test-results/booking-lead-${info.project.name}.png` });
  await staff.goto("/dashboard/availability");
  await expect(staff.getByRole("heading", { name: "My availability" })).toBeVisible();
  await expect(staff.getByLabel("Monday")).toHaveValue("00:00-23:59");
  await expectNoAxeViolations(staff);
  await staff.screenshot({
    path: `test-results/booking-availability-${info.project.name}.png`,
    fullPage: true,
  });

  const link = /https?:\/\/\S+\/meeting\/cancel\?token=\S+/.exec(buyerMail.text)![0];
  const path = new URL(link).pathname + new URL(link).search;
  await page.goto(path);
  await expect(page.getByRole("heading", { name: "Cancel your call" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Cancel the call" }).click();
  await expect(page.getByRole("heading", { name: "Your call is cancelled" })).toBeVisible();
  const cancel = await waitForMail(email, /^Cancelled: your call/);
  expect(cancel.calendar?.method).toBe("CANCEL");
  expect(cancel.calendar!.ics).toContain(`UID:${uid}`);

  // The time is free again: the mail's /book page offers it.
  const book = await waitForMail(email, /We received your inquiry/);
  const bookPath = new URL(/https?:\/\/\S+\/book\?token=\S+/.exec(book.text)![0]);
  await page.goto(`${bookPath.pathname}${bookPath.search}&tz=Asia/Kolkata`);
  await expect(page.getByRole("button", { name: /^Book / }).first()).toBeVisible();
  await expectNoAxeViolations(page);
  const start = /^DTSTART:(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})/m.exec(buyerMail.calendar!.ics)!;
  const slots = await page.request.get(`/api/booking-slots?token=${bookPath.searchParams.get("token")}`);
  const body = (await slots.json()) as { slots: { start: string }[] };
  expect(body.slots.map((s) => s.start)).toContain(
    `${start[1]}-${start[2]}-${start[3]}T${start[4]}:${start[5]}:00.000Z`,
  );
});

test.describe("without script", () => {
  test.use({ javaScriptEnabled: false });

  test("the mail's /book page books with a form, and says so @layout", async ({ page, browser }, info) => {
    await ownerReady(await (await browser.newContext()).newPage());
    const email = `nojs.${info.project.name}.${Date.now()}@buyer.example`;
    expect((await sendInquiry(page, { ...CALLERS, email, fullName: "Alan Noscript" })).status()).toBe(200);
    const mail = await waitForMail(email, /We received your inquiry/);
    const url = new URL(/https?:\/\/\S+\/book\?token=\S+/.exec(mail.text)![0]);
    await page.goto(`${url.pathname}${url.search}`);
    await expect(page.getByRole("heading", { name: "Book a call", level: 1 })).toBeVisible();
    await page.screenshot({ path: `test-results/booking-book-${info.project.name}.png`, fullPage: true });
    // A time of its own, away from the earliest and from the /ack test's (see there).
    await page
      .getByRole("button", { name: /^Book / })
      .nth(info.project.name === "phone" ? 6 : 8)
      .click();
    await expect(page.getByRole("status")).toContainText("Your call is booked");
    expect((await waitForMail(email, /Your call with/)).calendar?.method).toBe("REQUEST");
  });
});
