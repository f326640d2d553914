import { expect, test, type APIRequestContext } from "@playwright/test";
import { expectNoAxeViolations } from "../helpers/axe";
import { htmlErrors } from "../helpers/html-validity";
import { loginAs } from "../helpers/staff";

/**
 * The site at a real volume: a post with 60 comments, 100 openings, 50 answered questions, 40
 * comments waiting for review, and titles and names as long as the forms allow. Made through the
 * API in the serial projects' own server (playwright.config.ts), so no other spec sees the extra
 * content, then every public screen that shows it is checked with axe at phone and desktop
 * widths, and validated.
 */
test.describe.configure({ mode: "serial" });

const COMMENTS = 60;
const OPENINGS = 100;
const ANSWERED = 50;
/** Comments held for review (two links each): the dashboard's moderation queue at volume. */
const HELD = 40;
/** As long as the forms allow, with words that wrap and one that cannot. */
const LONG_TITLE =
  `Operating multi-region Kubernetes platforms for regulated US healthcare and financial services workloads: ${"x".repeat(40)}`.slice(
    0,
    200,
  );
const LONG_NAME = "Maximiliana Alessandra Bartholomew-Featherstonehaugh Venkataraghavan Subramanian".slice(
  0,
  100,
);
const UNBROKEN =
  "Wolfeschlegelsteinhausenbergerdorffvoralternwarengewissenhaftschaferswessenschafewarenwohlgepflege";

/**
 * Runs `make` for 0..n-1, one after the other: the local server's embedded database answers
 * overlapping requests with "portal does not exist" now and then (PGlite has one connection).
 */
async function inBatches(n: number, make: (i: number) => Promise<void>) {
  for (let i = 0; i < n; i++) await make(i);
}

async function ok<T = unknown>(res: Awaited<ReturnType<APIRequestContext["post"]>>): Promise<T> {
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as T;
}

test("an opening's page lives with it: listed, renamed, then closed with 410 and out of the sitemap", async ({
  page,
}) => {
  await loginAs(page, "admin");
  const api = page.request;
  const job = {
    job_title: "Site Reliability Engineer (Edge)",
    required_experience: 4,
    skills: "CDN, Varnish",
    description: "Keep the edge fast.",
  };
  const { job: made } = (await ok(await api.post("/api/add-job-post", { data: job }))) as {
    job: { id: number };
  };
  const first = `/careers/${made.id}-site-reliability-engineer-edge`;
  expect((await api.get(first)).status()).toBe(200);
  expect(await (await api.get("/sitemap.xml")).text()).toContain(`${first}</loc>`);

  await ok(
    await api.post("/api/update-job-post", {
      data: { id: made.id, ...job, job_title: "Edge Reliability Engineer" },
    }),
  );
  const renamed = `/careers/${made.id}-edge-reliability-engineer`;
  const moved = await api.get(first, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe(renamed);

  expect((await api.delete(`/api/delete-job-post/${made.id}`)).status()).toBe(200);
  for (const path of [renamed, `/careers/${made.id}`]) {
    const gone = await api.get(path, { maxRedirects: 0 });
    expect(gone.status(), path).toBe(410);
    const html = await gone.text();
    expect(html).toContain("This opening is closed.");
    expect(html).not.toContain('"JobPosting"');
    expect(html).toContain('<meta name="robots" content="noindex');
  }
  expect(await (await api.get("/sitemap.xml")).text()).not.toContain(`/careers/${made.id}-`);
});

let postId = 0;
let jobPath = "";

test("fill the site: a post with 60 comments, 100 openings, 50 answered questions", async ({ page }) => {
  test.setTimeout(240_000);
  const started = Date.now();
  await loginAs(page, "admin");
  const api = page.request;

  // The post before it has the same long title, so the busy post's previous-post link carries it too.
  await ok(
    await api.post("/api/add-post", {
      multipart: {
        title: LONG_TITLE,
        author: LONG_NAME,
        category: "Containers",
        content: `The post before. ${UNBROKEN}`,
      },
    }),
  );
  const post = await ok<{ post: { id: number } }>(
    await api.post("/api/add-post", {
      multipart: {
        title: LONG_TITLE,
        author: LONG_NAME,
        category: "Containers",
        content: `${"A long post about running containers for customers who cannot afford an outage. ".repeat(60)}${UNBROKEN}`,
      },
    }),
  );
  postId = post.post.id;
  await inBatches(COMMENTS, async (i) => {
    await ok(
      await api.post("/api/add-comment", {
        data: {
          post_id: postId,
          name: i % 3 === 0 ? LONG_NAME : i % 3 === 1 ? UNBROKEN : `Reader ${i}`,
          email: `reader-${i}@example.com`,
          comment: `Comment ${i}: ${"We moved our clusters last quarter and this matches what we saw. ".repeat(1 + (i % 5))}`,
        },
      }),
    );
  });

  await inBatches(OPENINGS, async (i) => {
    await ok(
      await api.post("/api/add-job-post", {
        data: {
          job_title:
            i % 10 === 0 ? `${LONG_TITLE.slice(0, 180)} ${i}` : `Cloud Engineer ${i} (AWS, Azure, GCP)`,
          required_experience: i % 12,
          skills: "Kubernetes, Terraform, AWS, Azure, Google Cloud, Prometheus, Grafana, Linux, Bash, Python",
          description: `Opening ${i}. ${"Keep customer platforms healthy, automate what repeats and write things down. ".repeat(4)}`,
        },
      }),
    );
  });
  const { jobs } = await ok<{ jobs: { id: number; job_title: string }[] }>(await api.get("/api/jobs"));
  const longest = jobs.find((j) => j.job_title.startsWith(LONG_TITLE.slice(0, 40)))!;
  expect(longest).toBeTruthy();
  const res = await api.get(`/careers/${longest.id}`, { maxRedirects: 0 });
  expect(res.status()).toBe(301);
  jobPath = new URL(res.headers().location!, "http://x").pathname;

  await inBatches(ANSWERED, async (i) => {
    await ok(
      await api.post("/api/add-faq", {
        data: {
          question: `Busy question ${i}: ${"Do you support engineers who want to move between teams? ".repeat(1 + (i % 4))}`,
        },
      }),
    );
  });
  const unanswered: number[] = [];
  for (let p = 1; unanswered.length < ANSWERED && p < 10; p++) {
    const list = await ok<{ comments: { id: number; question: string }[] }>(
      await api.get(`/api/admin-comments?filter=unanswered&page=${p}`),
    );
    unanswered.push(...list.comments.filter((c) => c.question.startsWith("Busy question")).map((c) => c.id));
    if (list.comments.length === 0) break;
  }
  expect(unanswered.length).toBeGreaterThanOrEqual(ANSWERED);
  await inBatches(ANSWERED, async (i) => {
    await ok(
      await api.post("/api/update-faq", {
        data: {
          id: unanswered[i],
          answer: `Yes. ${"Engineers move after a year, with a plan agreed with both leads. ".repeat(1 + (i % 3))}`,
        },
      }),
    );
  });
  await inBatches(HELD, async (i) => {
    const res = await ok<{ held?: boolean }>(
      await api.post("/api/add-comment", {
        data: {
          post_id: postId,
          name: i % 2 ? LONG_NAME : UNBROKEN,
          email: `held-${i}-${"x".repeat(40)}@${UNBROKEN.toLowerCase().slice(0, 40)}.example.com`,
          comment: `Held on post ${postId}, ${i}: https://${UNBROKEN.toLowerCase()}.example/${"path/".repeat(20)} and https://b.example ${"More text. ".repeat(i % 7)}`,
        },
      }),
    );
    expect(res.held).toBe(true);
  });
  console.log(`busy site filled in ${((Date.now() - started) / 1000).toFixed(1)} s`);
});

for (const width of [375, 1280]) {
  test(`at ${width} px the busy pages pass axe and validate`, async ({ page }) => {
    test.setTimeout(240_000);
    expect(postId, "the site was filled").toBeGreaterThan(0);
    await page.setViewportSize({ width, height: 800 });
    for (const path of ["/blog", `/blog/${postId}`, "/careers", jobPath]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(200);
      if (path === `/blog/${postId}`) {
        const nav = page.getByRole("navigation", { name: "Previous and next posts" });
        await expect(nav.getByRole("link", { name: /Previous Post/ })).toContainText(LONG_TITLE);
      }
      if (path.startsWith("/blog")) {
        // The long comment list scrolls in its own box, which the keyboard reaches.
        const list = page.getByRole("list", { name: "Recent Comments" });
        await expect(list.getByRole("listitem")).toHaveCount(COMMENTS);
        await list.focus();
        await expect(list).toBeFocused();
      }
      if (path === "/careers") {
        const count = await page.getByText(/^\d+ open positions\.$/).textContent();
        expect(Number.parseInt(count ?? "0", 10)).toBeGreaterThanOrEqual(OPENINGS);
      }
      // Nothing is wider than the screen, however long the words.
      const wide = await page.evaluate(() => {
        const over = document.documentElement.scrollWidth - window.innerWidth;
        const culprits = [...document.querySelectorAll("body *")]
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
          .slice(-3)
          .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")}`);
        return { over, culprits };
      });
      expect(wide.over, `${path} scrolls sideways: ${wide.culprits.join(", ")}`).toBeLessThanOrEqual(0);
      // Every island hydrated first: the FAQ shows 4 of its 50 answers once hydrated, which moves the
      // page below it by thousands of pixels, and axe must not measure a page that moves under it.
      // Each island in turn is brought into view and stays there until it has started: an island
      // starts in view, and one scrolled past before the runtime arrived waits for the next visit.
      for (const island of await page.locator("astro-island").all()) {
        await island.scrollIntoViewIfNeeded();
        await expect(island).not.toHaveAttribute("ssr");
      }
      await expectNoAxeViolations(page);
      if (width === 1280) expect(await htmlErrors(await res!.text(), path), path).toEqual([]);
    }
  });
}

for (const width of [375, 1280]) {
  test(`at ${width} px the moderation queue with ${HELD} held comments passes axe and fits the screen`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    expect(postId, "the site was filled").toBeGreaterThan(0);
    await page.setViewportSize({ width, height: 800 });
    await loginAs(page, "admin");
    await page.goto("/dashboard/blog#moderation");
    const queue = page.getByRole("region", { name: /Comments to review/ });
    await expect(
      queue.getByRole("listitem").filter({ hasText: new RegExp(`Held on post ${postId}, \\d+:`) }),
    ).toHaveCount(HELD, {
      timeout: 60_000,
    });
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(wide, "the queue scrolls sideways").toBeLessThanOrEqual(0);
    await queue.getByRole("listitem").first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/moderation-busy-${width}.png` });
    await expectNoAxeViolations(page, "#moderation-section");
  });
}
