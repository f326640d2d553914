import { expect as baseExpect, test, type APIRequestContext, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers/axe";
import { codeIn, waitForMail } from "./helpers/outbox";
import { openMenu, loginAs, STAFF } from "./helpers/staff";

// Sign-in runs bcrypt and every call starts a function worker: on a busy machine these flows
// need more than the default time.
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 45_000 });

// A 1x1 PNG for the profile image.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** A user of our own (the demo accounts keep their passwords), made by the demo root_admin. */
async function makeUser(request: APIRequestContext, tag: string, role = "admin") {
  const email = `e2e-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const password = `first-password-${Date.now()}`;
  expect((await request.post("/api/login", { data: STAFF.root_admin })).status()).toBe(200);
  const res = await request.post("/api/add-user", { data: { email, password, role } });
  expect(res.status(), await res.text()).toBe(201);
  await request.post("/api/logout");
  return { email, password };
}

/** Waits until the page's islands have hydrated (typing earlier would be lost). */
async function hydrated(page: Page) {
  await expect(page.locator("astro-island[ssr]")).toHaveCount(0);
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/admin");
  await hydrated(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("Admin Dashboard")).toBeVisible();
}

async function openProfileMenu(page: Page) {
  await page.getByRole("button", { name: "Account menu" }).click();
}

test.describe("/admin", () => {
  test("has the SPEC texts, refuses wrong credentials and passes axe with and without the modal", async ({
    page,
  }) => {
    await page.goto("/admin");
    await hydrated(page);
    await expect(page.getByRole("heading", { name: "Welcome" })).toBeVisible();
    await expect(page.getByText("Please login to Admin Dashboard.")).toBeVisible();
    await expect(page.locator("header, footer")).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.getByLabel("Email").fill("nobody@example.com");
    await page.getByLabel("Password").fill("not-a-password-at-all");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Invalid credentials" })).toBeVisible();

    await page.getByRole("button", { name: "Forgot Password?" }).click();
    const dialog = page.getByRole("dialog", { name: "Forgot Password" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Email")).toBeFocused();
    await expectNoAxeViolations(page);
    // Focus stays inside the modal.
    for (let i = 0; i < 6; i++) await page.keyboard.press("Tab");
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await dialog.getByRole("button", { name: "Send OTP" }).click();
    await expect(dialog.getByText("Email is required.")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Forgot Password?" })).toBeFocused();
  });

  test("shows 'Logging in...' while busy and an existing session goes straight to /dashboard", async ({
    page,
  }) => {
    await page.goto("/admin");
    await hydrated(page);
    await page.route("/api/login", async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    await page.getByLabel("Email").fill(STAFF.reader.email);
    await page.getByLabel("Password").fill(STAFF.reader.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("button", { name: "Logging in..." })).toBeDisabled();
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(await page.evaluate(() => localStorage.getItem("role"))).toBe("reader");
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe("dashboard for each role", () => {
  for (const role of ["root_admin", "admin", "reader"] as const) {
    test(`${role}: menus as the role's permissions say, User Admin only for root_admin, axe clean`, async ({
      page,
    }) => {
      await loginAs(page, role);
      await page.goto("/dashboard");
      await expect(page.getByText("Admin Dashboard")).toBeVisible();
      await openMenu(page);
      const nav = page.getByRole("navigation", { name: "Dashboard" });
      for (const label of ["Blog", "Candidates"])
        await expect(nav.getByRole("link", { name: label })).toBeVisible();
      // A reader reads no lead (roles.spec.ts walks every role's menu).
      await expect(nav.getByRole("link", { name: "Leads" })).toHaveCount(role === "reader" ? 0 : 1);
      await expect(nav.getByRole("link", { name: "User Admin" })).toHaveCount(role === "root_admin" ? 1 : 0);
      await expectNoAxeViolations(page, ".dash-top");
      await expectNoAxeViolations(page, ".dash-nav");
      // The menu collapses and opens again.
      await page.locator(".dash-top__toggle").click();
      await expect(nav).toBeHidden();
      await page.locator(".dash-top__toggle").click();
      await expect(nav).toBeVisible();

      await page.goto("/dashboard/users");
      if (role === "root_admin")
        await expect(page.getByRole("heading", { name: "Admin Users" })).toBeVisible();
      else await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    });
  }

  test("no session: every dashboard path goes to /admin", async ({ page }) => {
    for (const path of ["/dashboard", "/dashboard/users", "/dashboard/candidates"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/admin$/);
    }
  });
});

test("profile: image and password change, then logout and sign in with the new password", async ({
  page,
  request,
}, info) => {
  const u = await makeUser(request, `profile-${info.project.name}`);
  await signIn(page, u.email, u.password);
  const avatar = page.locator(".dash-profile__button img");
  await expect(avatar).toHaveAttribute("src", "/images/default-avatar.svg");

  await openProfileMenu(page);
  await page.getByRole("button", { name: "Profile Settings" }).click();
  const dialog = page.getByRole("dialog", { name: "Profile Settings" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Email", { exact: true })).toHaveValue(u.email);
  await expect(dialog.getByLabel("Email", { exact: true })).toHaveAttribute("readonly", "");
  await expect(dialog.getByLabel("Role")).toHaveValue("Admin");
  await expect(dialog.getByLabel("New Password")).toBeHidden();
  await expectNoAxeViolations(page);

  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
  await expect(dialog.getByRole("img", { name: "Your profile image" })).toHaveAttribute("src", /^blob:/);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByRole("status")).toHaveText("Profile updated successfully!");
  await expect(avatar).toHaveAttribute("src", /^\/api\/media\/public\/.+\.webp$/);
  const src = await avatar.getAttribute("src");
  expect((await page.request.get(src!)).status()).toBe(200);

  // This browser is listed among the signed-in devices (with its address, for the owner only).
  const devices = dialog.getByRole("region", { name: "Signed-in devices" });
  await expect(devices.getByRole("listitem")).toHaveCount(1);
  await expect(devices.getByRole("listitem").first()).toContainText("(this device)");
  await expect(devices.getByRole("button", { name: /^Sign out .*\(this device\)/ })).toBeVisible();

  await dialog.getByRole("button", { name: "Change", exact: true }).click();
  await dialog.getByLabel("New Password").fill("second-password-ok-1");
  await dialog.getByLabel("Confirm Password").fill("second-password-ok-2");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Enter your current password to set a new one.");
  await dialog.getByLabel("Current Password").fill("not-my-password-at-all");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Passwords do not match!");
  await dialog.getByLabel("Confirm Password").fill("second-password-ok-1");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "Failed to update profile! The current password is not correct.",
  );
  await expectNoAxeViolations(page);
  await dialog.getByLabel("Current Password").fill(u.password);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByRole("status")).toHaveText("Profile updated successfully!");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  await openProfileMenu(page);
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  expect(await page.evaluate(() => localStorage.getItem("role"))).toBeNull();
  expect((await (await page.request.get("/api/check-session")).json()).loggedIn).toBe(false);
  // The old password no longer works; the new one does.
  expect(
    (await page.request.post("/api/login", { data: { email: u.email, password: u.password } })).status(),
  ).toBe(401);
  await signIn(page, u.email, "second-password-ok-1");
  await expect(avatar).toHaveAttribute("src", src!);
});

test("recover a password through the e-mailed code", async ({ page, request }, info) => {
  const u = await makeUser(request, `reset-${info.project.name}`, "reader");
  await page.goto("/admin");
  await hydrated(page);
  await page.getByRole("button", { name: "Forgot Password?" }).click();
  const dialog = page.getByRole("dialog", { name: "Forgot Password" });
  await dialog.getByLabel("Email").fill(u.email);
  await dialog.getByRole("button", { name: "Send OTP" }).click();
  await expect(dialog.getByLabel("OTP")).toBeVisible();
  await expectNoAxeViolations(page);
  const code = codeIn(await waitForMail(u.email, /reset code/i));

  await dialog.getByRole("button", { name: "Reset Password" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("All fields are required.");
  await dialog.getByLabel("OTP").fill(code);
  await dialog.getByLabel("New Password").fill("recovered-password-1");
  await dialog.getByLabel("Confirm Password").fill("recovered-password-2");
  await dialog.getByRole("button", { name: "Reset Password" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Passwords do not match.");
  await dialog.getByLabel("Confirm Password").fill("recovered-password-1");
  await dialog.getByRole("button", { name: "Reset Password" }).click();

  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole("status").filter({ hasText: "Password successfully reset! You can now log in." }),
  ).toBeVisible();
  await waitForMail(u.email, /password was changed/i);
  // Back at step 1 with every field cleared.
  await page.getByRole("button", { name: "Forgot Password?" }).click();
  await expect(dialog.getByLabel("Email")).toHaveValue("");
  await expect(dialog.getByLabel("OTP")).toHaveCount(0);
  await page.keyboard.press("Escape");

  await signIn(page, u.email, "recovered-password-1");
});

test("root_admin adds, edits and deletes a user; axe on the screen and the confirm dialog", async ({
  page,
}, info) => {
  await loginAs(page, "root_admin");
  await page.goto("/dashboard/users");
  await expect(page.getByRole("heading", { name: "Admin Users" })).toBeVisible();
  const table = page.getByRole("table");
  for (const h of ["ID", "Email", "Role", "Actions"])
    await expect(table.getByRole("columnheader", { name: h })).toBeAttached();
  await expectNoAxeViolations(page);

  const email = `e2e-admin-${info.project.name}-${Date.now()}@example.com`;
  await expect(page.getByLabel("Role", { exact: true })).toHaveValue("reader");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.getByRole("button", { name: "Add User" }).click();
  await expect(page.getByRole("alert")).toContainText("at least 12");
  await page.getByLabel("Password", { exact: true }).fill("a-new-user-password");
  await page.getByRole("button", { name: "Add User" }).click();
  await expect(page.getByRole("status")).toHaveText(`User ${email} added.`);
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row.locator('td[data-label="Role"]')).toHaveText("Read only");

  // Duplicate e-mail: the server's 409 message.
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("a-new-user-password");
  await page.getByRole("button", { name: "Add User" }).click();
  await expect(page.getByRole("alert")).toContainText("already exists");

  await row.getByRole("button", { name: `Edit ${email}` }).click();
  const editing = page.locator(".users-table__editing");
  await editing.getByLabel(/^Role of user/).selectOption("admin");
  await editing.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText(`User ${email} updated.`);
  await expect(row.locator('td[data-label="Role"]')).toHaveText("Admin");
  // A blank password was left out: the old one still signs in.
  expect(
    (
      await page.context().request.post("/api/login", { data: { email, password: "a-new-user-password" } })
    ).status(),
  ).toBe(200);
  await loginAs(page, "root_admin");
  await page.goto("/dashboard/users");

  await page
    .getByRole("row")
    .filter({ hasText: email })
    .getByRole("button", { name: `Delete ${email}` })
    .click();
  const confirm = page.getByRole("alertdialog", { name: "Delete user" });
  await expect(confirm).toContainText("Are you sure you want to delete this user?");
  await expectNoAxeViolations(page);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(1);
  await page
    .getByRole("row")
    .filter({ hasText: email })
    .getByRole("button", { name: `Delete ${email}` })
    .click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("status")).toHaveText(`User ${email} deleted.`);
  await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(0);
});
