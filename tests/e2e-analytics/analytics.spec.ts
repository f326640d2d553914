import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { TAG_BUILD_ENV, TAG_ID } from "../../playwright.analytics.config";
import { loadPublicEnv } from "../../src/config/public-env";
import { CONSENT_COOKIE, CONSENT_MAX_AGE_SECONDS } from "../../src/shared/privacy/consent";
import { retentionRows } from "../../src/shared/privacy/notice";
import { expectNoAxeViolations } from "../e2e/helpers/axe";
import { htmlErrors } from "../e2e/helpers/html-validity";
import { scriptSrc, watchViolations } from "../e2e/helpers/csp";
import { loginAs } from "../e2e/helpers/staff";

/**
 * With GOOGLE_TAG_ID set at build and run time: nothing goes to Google before the visitor accepts
 * (Consent Mode v2, all four signals denied by default), nothing ever after Reject or with Global
 * Privacy Control on; the choice is kept in a first-party cookie for 6 months and can be changed
 * from the footer; staff pages never load the tag.
 */
const GOOGLE =
  /(^|\.)(google|googletagmanager|google-analytics|googleadservices|doubleclick|gstatic)\.[a-z.]+$/;

/**
 * Records every request to a Google host and answers Google's script locally (no outside network
 * here); the stand-in notes that it ran.
 */
async function watchGoogle(target: Page | BrowserContext): Promise<string[]> {
  const requested: string[] = [];
  await target.route(
    (url) => GOOGLE.test(url.hostname),
    (route) => {
      requested.push(route.request().url());
      return route.fulfill({
        contentType: "text/javascript",
        body: "window.__tagRanAt = document.readyState;",
      });
    },
  );
  return requested;
}

type TagWindow = { __tagRanAt?: string; dataLayer?: unknown[][] };
const layerOf = (page: Page) =>
  page.evaluate(() => ((window as TagWindow).dataLayer ?? []).map((a) => Array.from(a)));

const dialog = (page: Page) => page.getByRole("dialog", { name: "May we count your visit?" });

/**
 * Waits until the loader has made its decision on this page, and returns whether it asked for
 * Google's script. The loader reads /config.json and the saved choice, and asks for the tag in an
 * idle callback once the page has loaded (src/components/layout/Analytics.astro): after the
 * network is quiet, an idle callback of our own, asked for later, runs after the loader's. Its
 * `<script>` element is then in the page if it was asked for, whether or not its request has
 * been seen yet.
 */
async function settle(page: Page): Promise<boolean> {
  await page.waitForLoadState("networkidle");
  return page.evaluate(
    () =>
      new Promise<boolean>((resolve) =>
        requestIdleCallback(
          () => resolve(document.querySelector('script[src*="googletagmanager.com"]') !== null),
          { timeout: 5000 },
        ),
      ),
  );
}

async function consentCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === CONSENT_COOKIE);
}

test("/config.json serves the configured id, and none to a request with Sec-GPC: 1", async ({ request }) => {
  expect(await (await request.get("/config.json")).json()).toEqual({ googleTagId: TAG_ID });
  const gpc = await request.get("/config.json", { headers: { "Sec-GPC": "1" } });
  expect(await gpc.json()).toEqual({ googleTagId: null });
  // The CDN keeps one copy per value of the header.
  expect(gpc.headers()["netlify-vary"]).toBe("header=Sec-GPC");
});

test("nothing goes to Google before a choice: the dialog asks, with all four signals denied by default", async ({
  page,
}) => {
  const google = await watchGoogle(page);
  for (const path of ["/", "/blog", "/contact"]) {
    await page.goto(path);
    await expect(dialog(page), path).toBeVisible();
    expect(await settle(page), path).toBe(false);
    expect(google, path).toEqual([]);
    const layer = await layerOf(page);
    expect(layer[0], path).toEqual([
      "consent",
      "default",
      {
        ad_storage: "denied",
        ad_user_data: "denied",
        ad_personalization: "denied",
        analytics_storage: "denied",
      },
    ]);
    expect(layer, path).not.toContainEqual(["config", TAG_ID]);
  }
  expect(await consentCookie(page.context())).toBeUndefined();
});

test("Accept loads the tag at once and on every later page, and keeps the choice for 6 months", async ({
  page,
}) => {
  const google = await watchGoogle(page);
  await page.goto("/");
  await dialog(page).getByRole("button", { name: "Accept" }).click();
  await expect(dialog(page)).toBeHidden();
  await expect.poll(() => google).toEqual([`https://www.googletagmanager.com/gtag/js?id=${TAG_ID}`]);
  const layer = await layerOf(page);
  expect(layer).toContainEqual(["consent", "update", { analytics_storage: "granted" }]);
  expect(layer).toContainEqual(["config", TAG_ID]);

  const cookie = await consentCookie(page.context());
  expect(cookie).toMatchObject({ value: "granted", path: "/", sameSite: "Lax", httpOnly: false });
  const days = (cookie!.expires - Date.now() / 1000) / 86_400;
  expect(days).toBeGreaterThan(CONSENT_MAX_AGE_SECONDS / 86_400 - 1);
  expect(days).toBeLessThanOrEqual(CONSENT_MAX_AGE_SECONDS / 86_400);

  for (const path of ["/about", "/careers"]) {
    google.length = 0;
    await page.goto(path);
    // What the refusals' checks wait for sees the tag asked for here.
    expect(await settle(page), path).toBe(true);
    // Once the page has loaded, after an idle moment: it never competes with the page.
    await expect
      .poll(() => page.evaluate(() => (window as TagWindow).__tagRanAt), { message: path })
      .toBe("complete");
    expect(google, path).toEqual([`https://www.googletagmanager.com/gtag/js?id=${TAG_ID}`]);
    await expect(dialog(page), path).toBeHidden();
  }
});

test("after Reject nothing ever goes to Google, on any page", async ({ page }) => {
  const google = await watchGoogle(page);
  await page.goto("/");
  await dialog(page).getByRole("button", { name: "Reject" }).click();
  await expect(dialog(page)).toBeHidden();
  expect((await consentCookie(page.context()))?.value).toBe("denied");
  for (const path of ["/about", "/blog", "/careers", "/privacy"]) {
    await page.goto(path);
    expect(await settle(page), path).toBe(false);
    await expect(dialog(page), path).toBeHidden();
    expect(await layerOf(page), path).not.toContainEqual(["config", TAG_ID]);
  }
  expect(google).toEqual([]);
});

test("Global Privacy Control in the browser counts as a refusal: no dialog, no tag", async ({ page }) => {
  await page.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }),
  );
  const google = await watchGoogle(page);
  for (const path of ["/", "/blog", "/contact"]) {
    await page.goto(path);
    expect(await settle(page), path).toBe(false);
    await expect(dialog(page), path).toBeHidden();
  }
  // "Privacy choices" leads to the notice's section on analytics instead.
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy choices" }).click();
  await expect(page).toHaveURL(/\/privacy#choices$/);
  expect(await settle(page)).toBe(false);
  expect(google).toEqual([]);
});

test("the Sec-GPC: 1 header alone counts as a refusal too: no dialog, no tag", async ({ browser }) => {
  const context = await browser.newContext({ extraHTTPHeaders: { "Sec-GPC": "1" } });
  const google = await watchGoogle(context);
  const page = await context.newPage();
  for (const path of ["/", "/about", "/blog"]) {
    await page.goto(path);
    expect(await settle(page), path).toBe(false);
    await expect(dialog(page), path).toBeHidden();
  }
  expect(google).toEqual([]);
  await context.close();
});

test("the choice can be changed from the footer, and the new one is kept", async ({ page }) => {
  const google = await watchGoogle(page);
  await page.goto("/");
  await dialog(page).getByRole("button", { name: "Reject" }).click();
  await page.goto("/about");
  await expect(dialog(page)).toBeHidden();
  const choices = page.getByRole("contentinfo").getByRole("link", { name: "Privacy choices" });
  await choices.click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByRole("button", { name: "Accept" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog(page)).toBeHidden();
  await expect(choices).toBeFocused();
  await expect.poll(() => google.length).toBe(1);
  expect((await consentCookie(page.context()))?.value).toBe("granted");

  // And back: Reject stops the tag from the next page on.
  await choices.click();
  await dialog(page).getByRole("button", { name: "Reject" }).click();
  expect((await consentCookie(page.context()))?.value).toBe("denied");
  expect(await layerOf(page)).toContainEqual(["consent", "update", { analytics_storage: "denied" }]);
  google.length = 0;
  await page.goto("/product");
  expect(await settle(page)).toBe(false);
  expect(google).toEqual([]);
});

test("the dialog is keyboard-usable, passes axe at 375 and 1280 px, and moves nothing on the page", async ({
  page,
}) => {
  await watchGoogle(page);
  for (const width of [375, 1280]) {
    await page.context().clearCookies();
    await page.setViewportSize({ width, height: 800 });
    await page.addInitScript(() => {
      const w = window as unknown as { shifts: number };
      w.shifts = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
          if (!e.hadRecentInput) w.shifts += e.value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto("/");
    await expect(dialog(page)).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(
      await page.evaluate(() => (window as unknown as { shifts: number }).shifts),
      `CLS at ${width}`,
    ).toBe(0);
    await expectNoAxeViolations(page);

    // Accept and Reject carry equal weight: the same size and the same look.
    const look = (name: string) =>
      dialog(page)
        .getByRole("button", { name })
        .evaluate((b) => {
          const s = getComputedStyle(b);
          const r = b.getBoundingClientRect();
          return [
            Math.round(r.width),
            Math.round(r.height),
            s.fontWeight,
            s.color,
            s.backgroundColor,
            s.borderColor,
          ];
        });
    expect(await look("Accept")).toEqual(await look("Reject"));

    // The keyboard reaches it right after the skip link; Escape closes it without a choice.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
    let inside = false;
    for (let i = 0; i < 3 && !inside; i++) {
      await page.keyboard.press("Tab");
      inside = await dialog(page).evaluate((d) => d.contains(document.activeElement));
    }
    expect(inside, `Tab reaches the dialog at ${width}`).toBe(true);
    await page.keyboard.press("Escape");
    await expect(dialog(page)).toBeHidden();
    expect(await consentCookie(page.context())).toBeUndefined();
  }
});

test("the privacy notice of this build states its settings: a changed lead lifetime, and analytics only with consent", async ({
  page,
}) => {
  expect(TAG_BUILD_ENV.RETENTION_LEAD_DAYS).not.toBe("1095"); // not the default
  const expected = retentionRows(loadPublicEnv(TAG_BUILD_ENV).retention);
  await page.goto("/privacy");
  const shown = await page.locator("[data-retention-table] tbody tr").evaluateAll((rows) =>
    rows.map((r) => ({
      key: r.getAttribute("data-kind"),
      days: Number(r.querySelector("td[data-days]")!.getAttribute("data-days")),
      lifetime: r.querySelector("td[data-days]")!.textContent?.trim(),
    })),
  );
  expect(shown).toEqual(expected.map((r) => ({ key: r.key, days: r.days, lifetime: r.lifetime })));
  expect(shown.find((r) => r.key === "leads")!.lifetime).toBe("1000 days");
  await expect(page.locator("#buyers")).toContainText("1000 days after the lead's last activity");
  await expect(page.locator("section[aria-labelledby=choices]")).toContainText(
    "We use Google Analytics only if you choose Accept",
  );
});

test("pages with the consent dialog are valid HTML, static and on demand", async ({ request }) => {
  for (const path of ["/", "/privacy", "/contact", "/blog", "/careers"]) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain('id="consent"');
    expect(await htmlErrors(html, path), path).toEqual([]);
  }
});

test("the policy lets Google's script in beside the site's own, on static and on-demand pages", async ({
  request,
}) => {
  for (const path of ["/", "/about", "/blog", "/careers"]) {
    const res = await request.get(path);
    const policy = scriptSrc(res.headers()["content-security-policy"], await res.text());
    expect(policy, path).toContain("'self'");
    expect(policy, path).toContain("https://www.googletagmanager.com");
    expect(policy, path).not.toContain("'unsafe-inline'");
  }
});

test("islands hydrate with no policy violation when the tag is on", async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: CONSENT_COOKIE, value: "granted", url: baseURL! }]);
  const google = await watchGoogle(page);
  const violations = await watchViolations(page);
  for (const path of ["/contact", "/careers", "/managed-cloud-services", "/blog/1"]) {
    await page.goto(path);
    // Bring each island into view in turn and keep it there until it has started (most start
    // in view; one scrolled past before the runtime arrived would wait for the next visit). An
    // island is `display: contents`: its first element is what can be scrolled to.
    for (const island of await page.locator("astro-island").all()) {
      await island.evaluate((el) => (el.firstElementChild ?? el).scrollIntoView({ block: "center" }));
      await expect(island, path).not.toHaveAttribute("ssr");
    }
    await expect
      .poll(() => page.evaluate(() => (window as TagWindow).__tagRanAt), { message: path })
      .toBe("complete");
    expect(await violations(), path).toEqual([]);
  }
  expect(google.length).toBeGreaterThan(0);
});

test("staff pages carry no tag code and never ask for the tag, even after Accept", async ({
  page,
  request,
  baseURL,
}) => {
  const google = await watchGoogle(page);
  for (const path of ["/admin", "/dashboard/"]) {
    const res = await request.get(path);
    const html = await res.text();
    expect(html, path).not.toContain("googletagmanager");
    expect(html, path).not.toContain('id="consent"');
    expect(scriptSrc(res.headers()["content-security-policy"], html), path).not.toContain("googletagmanager");
  }
  await page.context().addCookies([{ name: CONSENT_COOKIE, value: "granted", url: baseURL! }]);
  await page.goto("/admin");
  await loginAs(page, "root_admin");
  for (const path of ["/admin", "/dashboard/leads"]) {
    await page.goto(path);
    // The public pages' loader asks for the tag in an idle moment after the load.
    expect(await settle(page), path).toBe(false);
    expect(await page.evaluate(() => (window as TagWindow).dataLayer), path).toBeUndefined();
  }
  expect(google).toEqual([]);
});
