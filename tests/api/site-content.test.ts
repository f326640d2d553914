/**
 * The site's proof through its endpoints: case studies and proof items are added, changed,
 * published and deleted by editors, admins and root admins; every role reads; each rule answers a
 * 400 with its { error }; a logo is a picture re-encoded as WebP and an SVG is refused with 415;
 * a published change purges the pages that show proof; production refuses to publish an example.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { settled } from "../../src/server/http/endpoint";
import { resetEnv } from "../../src/server/platform/env";
import { healthApi } from "../../src/shared/api/platform";
import {
  addCaseStudyApi,
  addProofItemApi,
  caseStudiesApi,
  deleteCaseStudyApi,
  deleteProofItemApi,
  proofItemsApi,
  updateCaseStudyApi,
  updateProofItemApi,
  uploadLogoApi,
  type CaseStudy,
  type ProofItem,
} from "../../src/shared/site/api";
import { apiHarness, type ApiHarness } from "../helpers/api";
import { count, pngBytes } from "../helpers/dashboard-fixtures";

let api: ApiHarness;
const purged: string[] = [];

beforeAll(async () => {
  api = await apiHarness({ cdn: { purge: async (tags) => void purged.push(...tags) } });
});
beforeEach(async () => {
  await settled();
  purged.length = 0;
});
afterAll(() => api.close());

let n = 0;
export const sampleStudy = () => ({
  title: `A logistics company ships daily, take ${++n}`,
  client: "A Midwest logistics software company",
  anonymised: true,
  industry: "Logistics SaaS",
  location: "Illinois, USA",
  services: ["/managed-container-service", "microervice-development"],
  summary: "A 60-person SaaS company moved to Kubernetes and now ships every day with quick rollbacks.",
  challenge: "One Java application deployed every two weeks in a four-hour window, with nights of rollback.",
  results: [
    { value: "Daily", label: "releases, up from one every two weeks" },
    { value: "45%", label: "lower p95 response time at peak" },
    { value: "< 5 min", label: "to roll a release back" },
  ],
  duration: "9 months",
  publishedOn: "2025-06-02",
  body: "## What we did\n\nWe built the **platform** first.<script>alert(1)</script>\n\n[x](javascript:alert(1))",
});

async function addStudy(body: Record<string, unknown> = sampleStudy(), as: "editor" | "admin" = "editor") {
  const res = await api.call(addCaseStudyApi, { as, body });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { caseStudy: CaseStudy }).caseStudy;
}

async function addItem(body: Record<string, unknown>) {
  const res = await api.call(addProofItemApi, { as: "editor", body });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { item: ProofItem }).item;
}

const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;

describe("case studies", () => {
  it("adds a draft with the page's route for each service, its body rendered and sanitised", async () => {
    const c = await addStudy();
    expect(c).toMatchObject({ status: "draft", example: false, publishedOn: "2025-06-02" });
    expect(c.services).toEqual(["/managed-container-service", "/microservice-development"]);
    expect(c.slug).toMatch(/^a-logistics-company-ships-daily/);
    expect(c.html).toContain("<h2");
    expect(c.html).toContain("<strong>platform</strong>");
    expect(c.html).not.toContain("<script");
    expect(c.html).not.toContain("javascript:");
    // A draft is on no public page: nothing to purge.
    await settled();
    expect(purged).toEqual([]);
    const list = await api.call(caseStudiesApi, { as: "reader" });
    expect(list.status).toBe(200);
    const { caseStudies } = (await list.json()) as { caseStudies: CaseStudy[] };
    expect(caseStudies.map((s) => s.id)).toContain(c.id);
  });

  it("takes SPEC's spelling of the microservices page for the page at its corrected address", async () => {
    const c = await addStudy({ ...sampleStudy(), services: ["/microervice-development"] });
    expect(c.services).toEqual(["/microservice-development"]);
  });

  it("publishes, unpublishes and deletes, purging the proof pages and the sitemap, audited", async () => {
    const c = await addStudy();
    const pub = await api.call(updateCaseStudyApi, {
      as: "editor",
      params: { id: c.id },
      body: { status: "published" },
    });
    expect(pub.status, await pub.clone().text()).toBe(200);
    expect(((await pub.json()) as { caseStudy: CaseStudy }).caseStudy.status).toBe("published");
    await settled();
    expect(purged).toEqual(expect.arrayContaining(["proof", "sitemap"]));
    purged.length = 0;
    const edit = await api.call(updateCaseStudyApi, {
      as: "admin",
      params: { id: c.id },
      body: { title: "A logistics company now releases every day", status: "draft" },
    });
    expect(edit.status).toBe(200);
    expect(((await edit.json()) as { caseStudy: CaseStudy }).caseStudy).toMatchObject({
      title: "A logistics company now releases every day",
      status: "draft",
      slug: c.slug,
    });
    await settled();
    expect(purged).toContain("proof");
    const del = await api.call(deleteCaseStudyApi, { as: "root_admin", params: { id: c.id } });
    expect(del.status).toBe(200);
    expect(await count(api.db.db, "case_studies", "id = $1", [c.id])).toBe(0);
    const actions = await api.db.db.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE entity = 'case_study' AND entity_id = $1 ORDER BY id",
      [String(c.id)],
    );
    expect(actions.map((a) => a.action)).toEqual([
      "case_study.create",
      "case_study.update",
      "case_study.update",
      "case_study.delete",
    ]);
  });

  it.each([
    [{ title: "Short" }, /Title must be at least 10/],
    [{ summary: "Too short." }, /Summary must be at least 40/],
    [{ services: [] }, /at least one service/],
    [{ services: ["/nowhere"] }, /service pages/],
    [{ results: [{ value: "1", label: "one" }] }, /at least three results/],
    [{ results: [{ value: "far too long a value", label: "x-label" }, {}, {}] }, /value/],
    [{ publishedOn: "2025-02-30" }, /not a real date/],
    [{ status: "live" }, /draft or published/],
    [{ anonymised: "maybe" }, /Anonymised must be true or false/],
    [{ slug: "Bad Slug!" }, /address/],
  ])("refuses %j with a 400 naming the rule", async (change, message) => {
    const res = await api.call(addCaseStudyApi, { as: "editor", body: { ...sampleStudy(), ...change } });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatch(message);
  });

  it("refuses a taken address (409), an update breaking a rule (400) and a missing id (404)", async () => {
    const c = await addStudy({ ...sampleStudy(), slug: "taken-address" });
    const clash = await api.call(addCaseStudyApi, {
      as: "editor",
      body: { ...sampleStudy(), slug: "taken-address" },
    });
    expect(clash.status).toBe(409);
    const bad = await api.call(updateCaseStudyApi, {
      as: "editor",
      params: { id: c.id },
      body: { results: [] },
    });
    expect(bad.status).toBe(400);
    expect(await errorOf(bad)).toMatch(/at least three/);
    const gone = await api.call(updateCaseStudyApi, {
      as: "editor",
      params: { id: 999_999 },
      body: { status: "published" },
    });
    expect(gone.status).toBe(404);
  });

  it("lets every role read and only editors, admins and root admins write", async () => {
    for (const as of ["reader", "sales", "recruiter", "editor", "admin", "root_admin"] as const)
      expect((await api.call(caseStudiesApi, { as })).status).toBe(200);
    for (const as of ["reader", "sales", "recruiter"] as const) {
      const res = await api.call(addCaseStudyApi, { as, body: sampleStudy() });
      expect(res.status).toBe(403);
    }
    expect((await api.call(caseStudiesApi)).status).toBe(401);
  });
});

describe("proof items", () => {
  it("adds each kind, lists them by kind, and refuses a field of another kind", async () => {
    const t = await addItem({
      kind: "testimonial",
      quote: "They run our platform well.",
      author: "CTO",
      company: "Acme",
    });
    const c = await addItem({ kind: "client", name: "Acme Freight", mark: "wave", status: "published" });
    const p = await addItem({ kind: "partner", cloud: "AWS", programme: "Select Tier Services Partner" });
    expect(t).toMatchObject({ kind: "testimonial", status: "draft", example: false });
    expect(c).toMatchObject({ kind: "client", status: "published", logo: null });
    expect(p).toMatchObject({ kind: "partner", cloud: "AWS" });
    const list = await api.call(proofItemsApi, { as: "sales", query: { kind: "client" } });
    const { items } = (await list.json()) as { items: ProofItem[] };
    expect(items.every((i) => i.kind === "client")).toBe(true);
    expect(items.map((i) => i.id)).toContain(c.id);
    const foreign = await api.call(updateProofItemApi, {
      as: "editor",
      params: { id: t.id },
      body: { cloud: "GCP" },
    });
    expect(foreign.status).toBe(400);
    expect(await errorOf(foreign)).toMatch(/has no field "cloud"/);
    const kind = await api.call(updateProofItemApi, {
      as: "editor",
      params: { id: t.id },
      body: { kind: "client" },
    });
    expect(kind.status).toBe(400);
  });

  it.each([
    [{ kind: "award" }, /kind must be/],
    [{ kind: "testimonial", quote: "Short", author: "CTO", company: "Acme" }, /Quote must be at least/],
    [{ kind: "client", name: "Acme", mark: "star" }, /Mark must be one of/],
    [{ kind: "partner", cloud: "AWS" }, /Programme is required/],
    [{ kind: "client", name: "Acme", mark: "wave", example: "yes" }, /Example must be true or false/],
  ])("refuses %j with a 400 naming the rule", async (body, message) => {
    const res = await api.call(addProofItemApi, { as: "editor", body });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatch(message);
  });

  it("publishes and unpublishes a testimonial, purging the proof pages; deletes it", async () => {
    const t = await addItem({
      kind: "testimonial",
      quote: "A calm team at 3 a.m.",
      author: "VP Ops",
      company: "Acme",
    });
    const pub = await api.call(updateProofItemApi, {
      as: "editor",
      params: { id: t.id },
      body: { status: "published" },
    });
    expect(pub.status).toBe(200);
    await settled();
    expect(purged).toEqual(["proof"]);
    const del = await api.call(deleteProofItemApi, { as: "editor", params: { id: t.id } });
    expect(del.status).toBe(200);
    expect(await count(api.db.db, "proof_items", "id = $1", [t.id])).toBe(0);
    expect((await api.call(deleteProofItemApi, { as: "editor", params: { id: t.id } })).status).toBe(404);
  });

  it("takes a client's logo as a picture re-encoded to WebP, and refuses SVG with 415", async () => {
    const c = await addItem({ kind: "client", name: "Logo Co", mark: "circle" });
    const form = new FormData();
    form.set(
      "logo",
      new File([(await pngBytes(120, 40)) as Uint8Array<ArrayBuffer>], "logo.png", { type: "image/png" }),
    );
    const res = await api.call(uploadLogoApi, { as: "editor", params: { id: c.id }, form });
    expect(res.status, await res.clone().text()).toBe(200);
    const item = ((await res.json()) as { item: ProofItem & { logo: string } }).item;
    expect(item.logo).toMatch(/^\/api\/media\/public\/.+\.webp$/);

    const svg = new FormData();
    svg.set(
      "logo",
      new File(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], "logo.png", {
        type: "image/png",
      }),
    );
    const refused = await api.call(uploadLogoApi, { as: "editor", params: { id: c.id }, form: svg });
    expect(refused.status).toBe(415);
    expect(await errorOf(refused)).toMatch(/SVG/);

    const text = new FormData();
    text.set("logo", new File(["just some text"], "logo.webp", { type: "image/webp" }));
    expect((await api.call(uploadLogoApi, { as: "editor", params: { id: c.id }, form: text })).status).toBe(
      415,
    );
    const none = await api.call(uploadLogoApi, { as: "editor", params: { id: c.id }, form: new FormData() });
    expect(none.status).toBe(400);

    const t = await addItem({
      kind: "testimonial",
      quote: "They answer fast.",
      author: "CTO",
      company: "Acme",
    });
    const png = new FormData();
    png.set(
      "logo",
      new File([(await pngBytes(20, 20)) as Uint8Array<ArrayBuffer>], "logo.png", { type: "image/png" }),
    );
    const wrongKind = await api.call(uploadLogoApi, { as: "editor", params: { id: t.id }, form: png });
    expect(wrongKind.status).toBe(400);
    const reader = await api.call(uploadLogoApi, { as: "reader", params: { id: c.id }, form: png });
    expect(reader.status).toBe(403);
  });
});

describe("no demo content in production", () => {
  const before = process.env.CONTEXT;
  afterEach(() => {
    if (before === undefined) delete process.env.CONTEXT;
    else process.env.CONTEXT = before;
    resetEnv();
  });

  it("refuses to publish an example there (400), keeps drafts, and health names published examples", async () => {
    const draft = await addStudy({ ...sampleStudy(), example: true });
    const live = await addItem({
      kind: "partner",
      cloud: "Example Cloud",
      programme: "Demo Partner",
      example: true,
      status: "published",
    });
    process.env.CONTEXT = "production";
    resetEnv();
    const pub = await api.call(updateCaseStudyApi, {
      as: "editor",
      params: { id: draft.id },
      body: { status: "published" },
    });
    expect(pub.status).toBe(400);
    expect(await errorOf(pub)).toMatch(/example/i);
    const add = await api.call(addProofItemApi, {
      as: "editor",
      body: { kind: "client", name: "Demo Co", mark: "circle", status: "published", example: true },
    });
    expect(add.status).toBe(400);
    // Unticking Example publishes; a draft example may be kept.
    const real = await api.call(updateCaseStudyApi, {
      as: "editor",
      params: { id: draft.id },
      body: { status: "published", example: false },
    });
    expect(real.status).toBe(200);
    const health = await api.call(healthApi, { as: "root_admin" });
    const report = (await health.json()) as { publishedExamples: string[] };
    expect(report.publishedExamples).toContain(`partner #${live.id}: Example Cloud`);
  });
});
