import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers/axe";

// axe on long pages is slow on a shared two-core machine.
test.describe.configure({ timeout: 120_000 });

/**
 * Carousel behaviour at SPEC's three layouts: phone (<= 768: stacked sections, one card at a
 * time), tablet (769-1024: sections side by side with wrapping buttons, one card at a time) and
 * desktop (> 1024: sections side by side, cards in a grid).
 */
const PAGE = "/managed-container-service";

async function open(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(PAGE);
  const area = page.locator(".areas");
  await area.scrollIntoViewIfNeeded();
  await expect(area).toHaveAttribute("data-ready", "");
  return area;
}

/** A mouse drag across a deck, dx px horizontally (negative: towards the left = next). */
async function drag(page: Page, deck: Locator, dx: number, dy = 0) {
  const box = (await deck.locator(".deck__track").boundingBox())!;
  const viewportHeight = page.viewportSize()!.height;
  // The middle of the part of the deck that is on screen (tall cards may overflow the viewport).
  const top = Math.max(box.y, 0);
  const bottom = Math.min(box.y + box.height, viewportHeight);
  const x = box.x + box.width / 2;
  const y = (top + bottom) / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 4 });
  await page.mouse.move(x + dx, y + dy, { steps: 4 });
  await page.mouse.up();
}

/** Which section panel is scrolled into the switcher's window (-1 while moving). */
const shownPanel = (area: Locator) =>
  area.evaluate((el) => {
    const view = el.querySelector(".areas__viewport")!.getBoundingClientRect();
    return [...el.querySelectorAll(".areas__panel")].findIndex(
      (p) => Math.abs(p.getBoundingClientRect().left - view.left) < 3,
    );
  });

/** Which card is scrolled into a deck's window (-1 while moving). */
const shownSlide = (deck: Locator) =>
  deck.evaluate((el) => {
    const view = el.querySelector(".deck__track")!.getBoundingClientRect();
    return [...el.querySelectorAll(".deck__slide")].findIndex(
      (p) => Math.abs(p.getBoundingClientRect().left - view.left) < 3,
    );
  });

const slide = (deck: Locator, i: number) => deck.locator(".deck__slide").nth(i);

test.describe("phone layout (375 px)", () => {
  test("sections are stacked and each deck shows one card with dots; swipes over 50 px move without wrapping", async ({
    page,
  }) => {
    const area = await open(page, 375);
    await expect(area.locator(".areas__controls")).toBeHidden();
    const panels = area.locator(".areas__panel");
    const [a, b] = [(await panels.nth(0).boundingBox())!, (await panels.nth(1).boundingBox())!];
    expect(b.y).toBeGreaterThanOrEqual(a.y + a.height); // stacked
    expect(Math.abs(a.x - b.x)).toBeLessThan(2);

    const deck = area.locator(".deck").first();
    await deck.scrollIntoViewIfNeeded();
    const dots = deck.locator(".deck__dot");
    await expect(dots).toHaveCount(3);
    await expect(dots.first()).toBeVisible();
    await expect(slide(deck, 0)).toBeInViewport({ ratio: 0.9 });
    await expect(slide(deck, 1)).not.toBeInViewport();

    await drag(page, deck, -40); // not past the threshold
    await expect(deck).toHaveAttribute("data-index", "0");
    await drag(page, deck, 40);
    await expect(deck).toHaveAttribute("data-index", "0");
    await drag(page, deck, 80); // previous from the first card: stays (no wrap)
    await expect(deck).toHaveAttribute("data-index", "0");
    await drag(page, deck, -80);
    await expect(deck).toHaveAttribute("data-index", "1");
    await expect(slide(deck, 1)).toBeInViewport({ ratio: 0.9 });
    await expect(dots.nth(1)).toHaveAttribute("aria-current", "true");
    await drag(page, deck, -80);
    await expect(deck).toHaveAttribute("data-index", "2");
    await drag(page, deck, -80); // next from the last card: stays (no wrap)
    await expect(deck).toHaveAttribute("data-index", "2");
    await expect(slide(deck, 2)).toBeInViewport({ ratio: 0.9 });
    await drag(page, deck, 80);
    await expect(deck).toHaveAttribute("data-index", "1");
    await drag(page, deck, -60, -120); // mostly vertical: a scroll, not a swipe
    await expect(deck).toHaveAttribute("data-index", "1");

    await dots.nth(0).click();
    await expect(deck).toHaveAttribute("data-index", "0");
    await expect(deck.locator("[aria-live]")).toContainText("Card 1 of 3");
    await expectNoAxeViolations(page, ".areas");
  });

  test("a real touch swipe moves the deck @layout", async ({ page, browserName }, info) => {
    test.skip(
      info.project.name !== "phone" || browserName !== "chromium",
      "touch emulation on the phone project",
    );
    const area = await open(page, 375);
    const deck = area.locator(".deck").nth(1);
    await deck.scrollIntoViewIfNeeded();
    const box = (await deck.locator(".deck__track").boundingBox())!;
    const cdp = await page.context().newCDPSession(page);
    const y = box.y + 40;
    const touch = async (type: "touchStart" | "touchMove" | "touchEnd", x: number) =>
      cdp.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x, y }] });
    await touch("touchStart", box.x + 300);
    for (const x of [280, 240, 200, 160]) await touch("touchMove", box.x + x);
    await touch("touchEnd", box.x + 160);
    await expect(deck).toHaveAttribute("data-index", "1");
  });

  test("Previous and Next buttons move a deck without a drag (WCAG 2.5.7), stopping at either end", async ({
    page,
  }) => {
    const area = await open(page, 375);
    const deck = area.locator(".deck").first();
    await deck.scrollIntoViewIfNeeded();
    const prev = deck.getByRole("button", { name: /^Previous card in / });
    const next = deck.getByRole("button", { name: /^Next card in / });
    await expect(prev).toBeVisible();
    await expect(prev).toHaveAttribute("aria-disabled", "true");
    await next.click();
    await expect(deck).toHaveAttribute("data-index", "1");
    await expect(slide(deck, 1)).toBeInViewport({ ratio: 0.9 });
    await expect(prev).not.toHaveAttribute("aria-disabled", "true");
    await next.click();
    await expect(deck).toHaveAttribute("data-index", "2");
    await expect(next).toHaveAttribute("aria-disabled", "true");
    // The last card: Enter on Next does nothing (no wrap), and the button keeps the focus.
    await next.focus();
    await page.keyboard.press("Enter");
    await expect(deck).toHaveAttribute("data-index", "2");
    await expect(next).toBeFocused();
    await prev.click();
    await expect(deck).toHaveAttribute("data-index", "1");
    await expect(deck.locator("[aria-live]")).toContainText("Card 2 of 3");
    for (const b of [prev, next]) {
      const box = (await b.boundingBox())!;
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24);
    }
    await expectNoAxeViolations(page, ".areas");
  });

  test("keyboard: arrow keys on a deck and the dot buttons", async ({ page }) => {
    const area = await open(page, 375);
    const deck = area.locator(".deck").first();
    await deck.locator(".deck__track").focus();
    await page.keyboard.press("ArrowRight");
    await expect(deck).toHaveAttribute("data-index", "1");
    await page.keyboard.press("End");
    await expect(deck).toHaveAttribute("data-index", "2");
    await page.keyboard.press("ArrowRight");
    await expect(deck).toHaveAttribute("data-index", "2");
    await page.keyboard.press("Home");
    await expect(deck).toHaveAttribute("data-index", "0");
    await deck.locator(".deck__dot").nth(2).focus();
    await page.keyboard.press("Enter");
    await expect(deck).toHaveAttribute("data-index", "2");
  });
});

test.describe("tablet layout (900 px)", () => {
  test("sections side by side with previous/next that wrap; decks still one card at a time", async ({
    page,
  }) => {
    const area = await open(page, 900);
    const next = area.getByRole("button", { name: "Next section" });
    const prev = area.getByRole("button", { name: "Previous section" });
    await expect(next).toBeVisible();
    const panels = area.locator(".areas__panel");
    const status = area.locator(".areas__status");
    await expect(status).toContainText("(1 of 2)");
    await expect.poll(() => shownPanel(area)).toBe(0);

    await next.click();
    await expect(status).toContainText("(2 of 2)");
    await expect.poll(() => shownPanel(area)).toBe(1);
    await next.click(); // wraps to the first
    await expect(status).toContainText("(1 of 2)");
    await expect.poll(() => shownPanel(area)).toBe(0);
    await prev.click(); // wraps to the last
    await expect(status).toContainText("(2 of 2)");
    await expect.poll(() => shownPanel(area)).toBe(1);
    await panels.nth(1).locator(".deck").scrollIntoViewIfNeeded();

    const deck = panels.nth(1).locator(".deck");
    await expect(deck.locator(".deck__dot").first()).toBeVisible();
    await drag(page, deck, -80);
    await expect(deck).toHaveAttribute("data-index", "1");
    await expect(slide(deck, 1)).toBeInViewport({ ratio: 0.9 });
    await expect(slide(deck, 0)).not.toBeInViewport();
    await expectNoAxeViolations(page, ".areas");
  });

  test("at exactly 768 px the sections are stacked, at 1024 px decks are single-card", async ({ page }) => {
    let area = await open(page, 768);
    await expect(area.locator(".areas__controls")).toBeHidden();
    area = await open(page, 1024);
    await expect(area.locator(".areas__controls")).toBeVisible();
    await expect(area.locator(".deck").first().locator(".deck__dot").first()).toBeVisible();
  });
});

test.describe("desktop layout (1280 px)", () => {
  test("cards in a grid without dots; sections switch with wrapping buttons", async ({ page }) => {
    const area = await open(page, 1280);
    const deck = area.locator(".deck").first();
    await expect(deck.locator(".deck__dots")).toBeHidden();
    const boxes = await deck
      .locator(".deck__slide")
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
    expect(boxes).toHaveLength(3);
    expect(new Set(boxes.map((b) => Math.round(b.y))).size).toBe(1); // one row of three
    for (let i = 0; i < 3; i++) await expect(slide(deck, i)).toBeInViewport();
    // The approach deck is a two-column grid.
    const next = area.getByRole("button", { name: "Next section" });
    await next.click();
    const approach = area.locator(".deck").nth(1);
    await expect(slide(approach, 0)).toBeInViewport();
    const cols = await approach
      .locator(".deck__slide")
      .evaluateAll((els) => new Set(els.map((e) => Math.round(e.getBoundingClientRect().x))).size);
    expect(cols).toBe(2);
    await next.click();
    await expect(slide(deck, 0)).toBeInViewport();
    await expectNoAxeViolations(page, ".areas");
  });
});

test.describe("plan cards on /service", () => {
  test("one plan at a time on a phone, swipe stops at either end; a grid of three on desktop", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 900 });
    await page.goto("/service");
    const deck = page.locator(".deck--plans");
    await deck.scrollIntoViewIfNeeded();
    await expect(deck).toHaveAttribute("data-ready", "");
    await expect.poll(() => shownSlide(deck)).toBe(0);
    await drag(page, deck, 80);
    await expect(deck).toHaveAttribute("data-index", "0");
    await drag(page, deck, -80);
    await expect(deck).toHaveAttribute("data-index", "1");
    await expect.poll(() => shownSlide(deck)).toBe(1);
    await expect(slide(deck, 1)).toContainText("Recommended");
    await drag(page, deck, -80);
    await drag(page, deck, -80);
    await expect(deck).toHaveAttribute("data-index", "2");
    await expect.poll(() => shownSlide(deck)).toBe(2);
    await expect(slide(deck, 2)).toContainText("Large Enterprise");
    // Plans out of view are inert: their links leave the tab order and the accessibility tree.
    await expect(slide(deck, 0)).toHaveJSProperty("inert", true);
    await expect(slide(deck, 1)).toHaveJSProperty("inert", true);
    await expect(slide(deck, 2)).toHaveJSProperty("inert", false);
    await expectNoAxeViolations(page, ".deck--plans");

    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(deck.locator(".deck__dots")).toBeHidden();
    const tops = await deck
      .locator(".deck__slide")
      .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1); // three plans side by side
    for (const name of ["Startup Plan", "Medium Enterprise", "Large Enterprise"])
      await expect(deck.getByRole("heading", { name })).toBeVisible();
    const text = await deck.innerText();
    expect(text).not.toMatch(/\$\d/);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("every card is in the HTML and reachable by scrolling", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 900 });
    await page.goto(PAGE);
    for (const t of [
      "Cluster lifecycle",
      "GitOps delivery",
      "Policy and security",
      "1. Audit the clusters",
      "4. Right-size",
    ])
      await expect(page.getByRole("heading", { name: t })).toHaveCount(1);
    const track = page.locator(".deck__track").first();
    expect(await track.evaluate((el) => getComputedStyle(el).overflowX)).toBe("auto");
    await expect(page.locator(".deck__dots").first()).toBeHidden();
  });
});
