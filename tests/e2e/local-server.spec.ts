/**
 * The local server itself, over real sockets: a request answered early (415, 413) must not
 * break the next request on the same kept-alive connection, and the site works at whichever
 * address it was opened at (localhost or 127.0.0.1), as on the platform.
 */
import { expect, test } from "@playwright/test";

test.describe.configure({ mode: "serial" });
// Plain HTTP from Node: one run is enough.
test.skip(({ isMobile }) => isMobile, "runs once");

/**
 * Requests answered before their body is read, each sent three times in a row: Node's fetch keeps
 * the connection alive and sends the next request on it.
 */
const EARLY: [string, number, (base: string) => Promise<Response>][] = [
  [
    "415, a form that takes files sent as text",
    415,
    (base) =>
      fetch(`${base}/api/submit`, {
        method: "POST",
        headers: { origin: base, "content-type": "text/plain" },
        body: "x".repeat(2_000_000),
      }),
  ],
  [
    "413, more JSON than any form needs",
    413,
    (base) =>
      fetch(`${base}/api/add-faq`, {
        method: "POST",
        headers: { origin: base, "content-type": "application/json" },
        body: JSON.stringify({ question: "x".repeat(2_000_000) }),
      }),
  ],
  [
    "403, another site",
    403,
    (base) =>
      fetch(`${base}/api/add-faq`, {
        method: "POST",
        headers: { origin: "http://elsewhere.example", "content-type": "application/json" },
        body: JSON.stringify({ question: "x".repeat(200_000) }),
      }),
  ],
  [
    "405, the wrong method",
    405,
    (base) =>
      fetch(`${base}/api/faqs`, {
        method: "POST",
        headers: { origin: base, "content-type": "application/json" },
        body: JSON.stringify({ question: "x".repeat(200_000) }),
      }),
  ],
];

for (const [label, status, send] of EARLY)
  test(`after an early ${label}, the kept-alive connection still serves the next requests`, async ({
    baseURL,
  }) => {
    const answers: (number | string)[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await send(baseURL!).catch((err: Error & { cause?: { code?: string } }) => err);
      if (res instanceof Error) answers.push(res.cause?.code ?? res.message);
      else {
        await res.arrayBuffer();
        answers.push(res.status);
      }
    }
    const after = await fetch(`${baseURL}/api/faqs`);
    answers.push(after.status);
    expect(answers).toEqual([status, status, status, 200]);
  });

test("forms are accepted when the site is opened at 127.0.0.1", async ({ baseURL }) => {
  const base = baseURL!.replace("localhost", "127.0.0.1");
  const res = await fetch(`${base}/api/add-faq`, {
    method: "POST",
    headers: { origin: base, "content-type": "application/json", "sec-fetch-site": "same-origin" },
    body: JSON.stringify({ question: "Do you work with teams at 127.0.0.1?" }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  // Another site is still refused.
  const foreign = await fetch(`${base}/api/add-faq`, {
    method: "POST",
    headers: { origin: "http://127.0.0.1:1", "content-type": "application/json" },
    body: JSON.stringify({ question: "A question from elsewhere?" }),
  });
  expect(foreign.status).toBe(403);
});

test("a form sends from a page opened at 127.0.0.1", async ({ page, baseURL }) => {
  const base = baseURL!.replace("localhost", "127.0.0.1");
  await page.goto(`${base}/careers`);
  await page.locator("#faq").scrollIntoViewIfNeeded();
  await expect(page.locator("#faq astro-island")).not.toHaveAttribute("ssr", /.*/);
  await page.getByPlaceholder("Ask a new question...").fill("Can I apply from the 127.0.0.1 page?");
  await page.getByRole("button", { name: "Submit question" }).click();
  await expect(page.getByText("FAQ submitted. Your question will appear once answered.")).toBeVisible();
});
