/**
 * Each role by job signs in and sees only its screens (derived from the screens' `needs` and the
 * grants, src/shared/staff/permissions.ts), its role by its label, and the dashboard's own
 * "no access" view at the address of a screen it cannot use; axe clean, at both widths.
 */
import { expect, test, type Page } from "@playwright/test";
import { may } from "../../src/shared/staff/permissions";
import { ROLES, roleLabel } from "../../src/shared/staff/staff";
import { expectNoAxeViolations } from "./helpers/axe";
import { loginAs, openMenu, SCREEN_METAS } from "./helpers/staff";

const shot = (page: Page, name: string, project: string) =>
  page.screenshot({ path: `test-results/shots/roles-${name}-${project}.png`, fullPage: true });

for (const role of ROLES) {
  test(`${role}: the menu lists exactly the screens of the role, and the others say so`, async ({
    page,
  }, info) => {
    await loginAs(page, role);
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
    await openMenu(page);
    const nav = page.getByRole("navigation", { name: "Dashboard" });
    const listed = await nav
      .getByRole("link")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    const mine = SCREEN_METAS.filter((m) => may(role, m.needs));
    expect([...listed].sort()).toEqual(mine.map((m) => m.href).sort());
    await expectNoAxeViolations(page);
    await shot(page, `${role}-overview`, info.project.name);

    const other = SCREEN_METAS.find((m) => !may(role, m.needs));
    if (!other) return;
    await page.goto(other.href);
    await expect(page.getByRole("heading", { name: "Access Denied", level: 1 })).toBeVisible();
    await expect(page.getByText(`You are signed in as ${roleLabel(role)}`)).toBeVisible();
    const offered = page.locator(".dash-no-access").getByRole("link");
    await expect(offered).toHaveCount(mine.length);
    await expectNoAxeViolations(page);
    await shot(page, `${role}-no-access`, info.project.name);
  });
}
