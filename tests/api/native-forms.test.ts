/**
 * The public forms posted by the browser itself (the form's script not loaded yet, or never run):
 * each lands on a page, never JSON, while fetch keeps its JSON answers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seed } from "../../scripts/seed/seed";
import type { Db } from "../../src/server/platform/db/db";
import { addCommentApi } from "../../src/shared/blog/api";
import { addFaqApi } from "../../src/shared/careers/api";
import { checkAckAccessApi, submitApi } from "../../src/shared/contact/api";
import { apiHarness, type ApiHarness } from "../helpers/api";
import { contactForm, PDF, validInquiry } from "../helpers/contact";

const ORIGIN = "http://localhost:4321";
/** What Chromium sends with a form it posts itself. */
const NAVIGATION = {
  origin: ORIGIN,
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "sec-fetch-mode": "navigate",
  "sec-fetch-dest": "document",
  "sec-fetch-site": "same-origin",
};
/** What fetch() sends. */
const FETCH = { origin: ORIGIN, accept: "*/*", "sec-fetch-mode": "cors", "sec-fetch-site": "same-origin" };

const urlencoded = (fields: Record<string, string>) => new URLSearchParams(fields);
const FORM = { "content-type": "application/x-www-form-urlencoded" };

let api: ApiHarness;
let db: Db;
let postId: number;

beforeAll(async () => {
  api = await apiHarness();
  db = api.db.db;
  await seed(db, { now: new Date("2025-06-01T12:00:00Z") });
  postId = (await db.query<{ id: number }>("SELECT id FROM posts ORDER BY id LIMIT 1"))[0]!.id;
});
afterAll(() => api.close());

const count = async (sql: string) => (await db.query<{ n: number }>(sql))[0]!.n;

/** A page of the site: HTML with its stylesheet, no script, the form's problems listed. */
async function expectPage(res: Response, status: number) {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
  expect(res.headers.get("cache-control")).toContain("no-store");
  const csp = res.headers.get("content-security-policy") ?? "";
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain("style-src 'self'");
  expect(csp).not.toContain("script-src");
  const html = await res.text();
  expect(html).toMatch(/^<!doctype html>/);
  expect(html).toContain('<link rel="stylesheet" href="/styles/site.css">');
  expect(html).not.toContain("<script");
  expect(() => JSON.parse(html) as unknown).toThrow();
  return html;
}

describe("the contact form without its script", () => {
  it("a complete inquiry is stored and goes on to /ack (303) with the access granted", async () => {
    const before = await count("SELECT count(*)::int AS n FROM inquiries");
    // As the browser posts it: the deadline as typed, the number as typed for the US, an empty
    // file part (no file chosen).
    const form = contactForm({
      fullName: "Grace Hopper",
      email: "grace@cobol.example",
      deadline: "12/31/2099",
      mobile: "(212) 555-0187",
    });
    form.append("uploadedFile", new File([], "", { type: "application/octet-stream" }));
    const res = await api.call(submitApi, { form, headers: NAVIGATION });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/ack");
    const cookie = res.headers.get("set-cookie")?.split(";")[0] ?? "";
    expect(cookie).toMatch(/^__Host-ack=./);
    expect(await count("SELECT count(*)::int AS n FROM inquiries")).toBe(before + 1);
    const row = (
      await db.query<{ deadline: string; mobile: string }>(
        "SELECT deadline::text AS deadline, mobile FROM inquiries WHERE email = 'grace@cobol.example'",
      )
    )[0]!;
    expect(row).toEqual({ deadline: "2099-12-31", mobile: "+12125550187" });
    const access = await api.call(checkAckAccessApi, { cookie });
    expect(await access.json()).toEqual({ access: true, name: "Grace Hopper" });
  });

  it("with an attachment: stored with its file", async () => {
    const form = contactForm({ email: "ada.file@analytical.example" }, { bytes: PDF, name: "brief.pdf" });
    const res = await api.call(submitApi, { form, headers: NAVIGATION });
    expect(res.status).toBe(303);
    expect(
      await count(
        "SELECT count(*)::int AS n FROM inquiries WHERE email = 'ada.file@analytical.example' AND file_key IS NOT NULL",
      ),
    ).toBe(1);
  });

  it("blank and wrong fields get a page listing each problem in the form's words, with what was typed", async () => {
    const before = await count("SELECT count(*)::int AS n FROM inquiries");
    const form = contactForm({
      fullName: "",
      email: "me@gmail.com",
      budget: "",
      orgName: "<b>Acme & Co</b>",
    });
    const res = await api.call(submitApi, { form, headers: NAVIGATION });
    const html = await expectPage(res, 400);
    expect(html).toContain("Please correct the errors in the form.");
    expect(html).toContain("<li>Full Name is required.</li>");
    expect(html).toContain("<li>Use your work email (name@yourcompany.com): we reply to businesses only");
    expect(html).toContain("<li>Approximate Budget is required.</li>");
    // What was typed is in the form again (escaped), and the form posts as the site's does.
    expect(html).toContain('value="&lt;b&gt;Acme &amp; Co&lt;/b&gt;"');
    expect(html).toContain('value="me@gmail.com"');
    expect(html).toContain(`<option selected>${validInquiry.companySize}</option>`);
    expect(html).toContain('action="/api/submit" enctype="multipart/form-data"');
    expect(html).toContain('href="/contact"');
    expect(html).toContain('<a href="/privacy">privacy notice</a>');
    expect(await count("SELECT count(*)::int AS n FROM inquiries")).toBe(before);
  });

  it("the news-mail permission comes back as it was: ticked when ticked, never pre-ticked", async () => {
    const ticked = contactForm({ fullName: "" });
    ticked.append("marketingConsent", "yes");
    const html = await expectPage(await api.call(submitApi, { form: ticked, headers: NAVIGATION }), 400);
    expect(html).toMatch(
      /<input id="again-marketingConsent" type="checkbox" name="marketingConsent" value="yes" checked>/,
    );
    const unticked = await expectPage(
      await api.call(submitApi, { form: contactForm({ fullName: "" }), headers: NAVIGATION }),
      400,
    );
    expect(unticked).toMatch(
      /<input id="again-marketingConsent" type="checkbox" name="marketingConsent" value="yes">/,
    );
  });

  it("the honeypot: answered like a person (303 to /ack), nothing stored", async () => {
    const before = await count("SELECT count(*)::int AS n FROM inquiries");
    const res = await api.call(submitApi, {
      form: contactForm({ website: "http://spam.example" }),
      headers: NAVIGATION,
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/ack");
    expect(await count("SELECT count(*)::int AS n FROM inquiries")).toBe(before);
  });

  it("fetch keeps its JSON answers, exactly", async () => {
    const bad = await api.call(submitApi, { form: contactForm({ fullName: "" }), headers: FETCH });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "fullName: Full Name is required." });
    const good = await api.call(submitApi, {
      form: contactForm({ email: "json@analytical.example" }),
      headers: FETCH,
    });
    expect(good.status).toBe(200);
    expect(await good.json()).toEqual({ success: true });
  });

  it("a post from another site is still refused", async () => {
    const res = await api.call(submitApi, {
      form: contactForm(),
      headers: { ...NAVIGATION, origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
  });
});

describe("a blog comment without its script", () => {
  const referer = `${ORIGIN}/blog/some-post?x=1`;

  it("is posted and goes back to its page with a confirmation", async () => {
    const before = await count("SELECT count(*)::int AS n FROM comments");
    const body = urlencoded({
      post_id: String(postId),
      name: "Dana",
      email: "dana@northwind.test",
      comment: "Useful.",
    });
    const res = await api.call(addCommentApi, { body, headers: { ...NAVIGATION, ...FORM, referer } });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/blog/some-post?x=1&comment=posted#comments");
    expect(await count("SELECT count(*)::int AS n FROM comments")).toBe(before + 1);
  });

  it("one held for review goes back with the review message's key, and is not public", async () => {
    const body = urlencoded({
      post_id: String(postId),
      name: "Sam",
      email: "sam@northwind.test",
      comment: "See https://a.test/1 and https://b.test/2",
    });
    const res = await api.call(addCommentApi, { body, headers: { ...NAVIGATION, ...FORM, referer } });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/blog/some-post?x=1&comment=held#comments");
    const rows = await db.query<{ status: string }>(
      "SELECT status FROM comments WHERE email = 'sam@northwind.test'",
    );
    expect(rows.map((r) => r.status)).toEqual(["held"]);
  });

  it("never sends the visitor to another site", async () => {
    const body = urlencoded({
      post_id: String(postId),
      name: "Dana",
      email: "dana@northwind.test",
      comment: "Again.",
    });
    const res = await api.call(addCommentApi, {
      body,
      headers: { ...NAVIGATION, ...FORM, referer: "https://evil.example/phish" },
    });
    expect(res.headers.get("location")).toBe("/blog?comment=posted#comments");
  });

  it("a blank one gets a page with the problems and the comment kept", async () => {
    const body = urlencoded({ post_id: String(postId), name: " ", email: "", comment: "Kept <here>" });
    const res = await api.call(addCommentApi, { body, headers: { ...NAVIGATION, ...FORM, referer } });
    const html = await expectPage(res, 400);
    expect(html).toContain("Please correct the errors in the form.");
    expect(html.match(/<li>/g)?.length).toBeGreaterThanOrEqual(2);
    expect(html).toContain(">Kept &lt;here&gt;</textarea>");
    expect(html).toContain('href="/blog/some-post?x=1#comments"');
    expect(html).toContain(`name="post_id" value="${postId}"`);
  });
});

describe("an FAQ question without its script", () => {
  it("is stored and goes back to the careers page with a confirmation", async () => {
    const before = await count("SELECT count(*)::int AS n FROM faqs");
    const res = await api.call(addFaqApi, {
      body: urlencoded({ question: "Do you hire in Pune?" }),
      headers: { ...NAVIGATION, ...FORM, referer: `${ORIGIN}/careers` },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/careers?faq=sent#faq");
    expect(await count("SELECT count(*)::int AS n FROM faqs")).toBe(before + 1);
  });

  it("a blank one gets a page in the form's words", async () => {
    const res = await api.call(addFaqApi, {
      body: urlencoded({ question: "   " }),
      headers: { ...NAVIGATION, ...FORM },
    });
    const html = await expectPage(res, 400);
    expect(html).toContain("<li>Question is required.</li>");
    expect(html).toContain('href="/careers#faq"');
  });

  it("fetch keeps its JSON answer", async () => {
    const res = await api.call(addFaqApi, { body: { question: "And Kochi?" }, headers: FETCH });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({
      success: true,
      message: "FAQ submitted. Your question will appear once answered.",
    });
  });
});
