import { expect, test, type APIRequestContext } from "@playwright/test";
import { expectNoAxeViolations } from "../helpers/axe";
import { htmlErrors } from "../helpers/html-validity";
import { loginAs } from "../helpers/staff";

/**
 * The site at a real volume: a post with 60 comments, 100 openings, 50 answered questions, and
 * titles and names as long as the forms allow. Made through the API in the running server (this
 * project runs after every other one, so no other spec sees the extra content), then every
 * public screen that shows it is checked with axe at phone and desktop widths, and validated.
 */
test.describe.configure({ mode: "serial" });

const COMMENTS = 60;
const OPENINGS = 100;
const ANSWERED = 50;
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

/** Runs `make` for 0..n-1, a few at a time. */
async function inBatches(n: number, make: (i: number) => Promise<void>, size = 8) {
  for (let start = 0; start < n; start += size)
    await Promise.all(Array.from({ length: Math.min(size, n - start) }, (_, k) => make(start + k)));
}

async function ok(res: Awaited<ReturnType<APIRequestContext["post"]>>) {
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.json();
}

let postId = 0;
let jobPath = "";

test("fill the site: a post with 60 comments, 100 openings, 50 answered questions", async ({ page }) => {
  test.setTimeout(240_000);
  const started = Date.now();
  await loginAs(page, "admin");
  const api = page.request;

  const post = await ok(
    await api.post("/api/add-post", {
      multipart: {
        title: LONG_TITLE,
        author: LONG_NAME,
        category: "Containers",
        content: `${"A long post about running containers for customers who cannot afford an outage. ".repeat(60)}${UNBROKEN}`,
      },
    }),
  );
  postId = post.post.id as number;
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
  const { jobs } = (await ok(await api.get("/api/jobs"))) as { jobs: { id: number; job_title: string }[] };
  const longest = jobs.find((j) => j.job_title.startsWith(LONG_TITLE.slice(0, 40)))!;
  expect(longest).toBeTruthy();
  const res = await api.get(`/carrier/${longest.id}`, { maxRedirects: 0 });
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
    const list = (await ok(await api.get(`/api/admin-comments?filter=unanswered&page=${p}`))) as {
      comments: { id: number; question: string }[];
    };
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
  console.log(`busy site filled in ${((Date.now() - started) / 1000).toFixed(1)} s`);
});

for (const width of [375, 1280]) {
  test(`at ${width} px the busy pages pass axe and validate`, async ({ page }) => {
    test.setTimeout(240_000);
    expect(postId, "the site was filled").toBeGreaterThan(0);
    await page.setViewportSize({ width, height: 800 });
    for (const path of ["/blog", `/blog/${postId}`, "/carrier", jobPath]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(200);
      if (path.startsWith("/blog")) {
        // The long comment list scrolls in its own box, which the keyboard reaches.
        const list = page.getByRole("list", { name: "Recent Comments" });
        await expect(list.getByRole("listitem")).toHaveCount(COMMENTS);
        await list.focus();
        await expect(list).toBeFocused();
      }
      if (path === "/carrier") {
        const count = await page.getByText(/^\d+ open positions\.$/).textContent();
        expect(Number.parseInt(count ?? "0", 10)).toBeGreaterThanOrEqual(OPENINGS);
      }
      // Nothing is wider than the screen, however long the words.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page);
      if (width === 1280) expect(await htmlErrors(await res!.text(), path), path).toEqual([]);
    }
  });
}
