import { expect, type Page } from "@playwright/test";

/** Records every CSP violation of the page (the listener is installed before any page script). */
export async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) =>
      seen.push(`${e.effectiveDirective} blocked ${e.blockedURI || "inline"} ${e.sample}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

/** Scrolls to the end so every island hydrates, then gives late scripts and styles a moment. */
export async function visitWhole(page: Page, path: string) {
  const res = await page.goto(path);
  expect(res?.status(), path).toBeLessThan(400);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState("networkidle");
}

/** The script-src directive a page runs under: its header's, or else its <meta>'s (static pages). */
export function scriptSrc(header: string | undefined, html: string): string {
  const meta = html.match(/<meta http-equiv="content-security-policy" content="([^"]+)"/i)?.[1] ?? "";
  return `${header ?? ""} ${meta}`.match(/script-src [^;]+/)?.[0] ?? "";
}
