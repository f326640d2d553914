/**
 * Staff sign-in and a password reset by mailed code, through the deployed configuration: the
 * first account is the one `npm run create-admin` made, the reset code and the notice travel by SES.
 */
import { expect, test } from "@playwright/test";
import { ADMIN, codeIn, signIn, stamp, waitForSes } from "./helpers";

test("the first root_admin signs in; a colleague resets a forgotten password with the mailed code", async ({
  page,
  browser,
}) => {
  // A wrong password is refused, the right one opens the dashboard.
  await page.goto("/admin");
  await expect(page.locator("astro-island[ssr]")).toHaveCount(0);
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill("not-the-password-123");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid credentials");
  await signIn(page);
  await expect(page.getByText("Admin Dashboard")).toBeVisible();

  // The root_admin adds a colleague, who then forgets the password.
  const email = `colleague.${stamp()}@nimbus-rehearsal.test`;
  const added = await page.request.post("/api/add-user", {
    data: { email, password: `first-password-${stamp()}`, role: "admin" },
  });
  expect(added.status(), await added.text()).toBe(201);

  const ctx = await browser.newContext();
  const p = await ctx.newPage();
  await p.goto("/admin");
  await expect(p.locator("astro-island[ssr]")).toHaveCount(0);
  await p.getByRole("button", { name: "Forgot Password?" }).click();
  const dialog = p.getByRole("dialog", { name: "Forgot Password" });
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByRole("button", { name: "Send OTP" }).click();
  await expect(dialog.getByLabel("OTP")).toBeVisible();
  const code = codeIn(await waitForSes(email, /reset code/i));
  await dialog.getByLabel("OTP").fill(code);
  await dialog.getByLabel("New Password").fill("recovered-password-1");
  await dialog.getByLabel("Confirm Password").fill("recovered-password-1");
  await dialog.getByRole("button", { name: "Reset Password" }).click();
  await expect(dialog).toBeHidden();
  await expect(
    p.getByRole("status").filter({ hasText: "Password successfully reset! You can now log in." }),
  ).toBeVisible();
  await waitForSes(email, /password was changed/i);
  await signIn(p, email, "recovered-password-1");
  await ctx.close();
});
