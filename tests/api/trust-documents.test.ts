/**
 * The trust center's documents kept by admins: an upload is a draft and a signed link the file
 * is PUT to (here, local storage's, received as the local server does); publishing checks the
 * stored file (a PDF by its bytes: 415 otherwise; within the size limit: 413, which S3 cannot
 * enforce on a presigned PUT) and refuses an example in production; only root_admin and admin
 * change documents; each change is audited and purges /trust; removing one removes its file.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { demoResumePdf } from "../../scripts/seed/seed-data";
import { createApp } from "../../src/server/http/app";
import { settled } from "../../src/server/http/endpoint";
import { localUpload } from "../../src/server/http/local-upload";
import { resetEnv } from "../../src/server/platform/env";
import type { LocalStorage } from "../../src/server/platform/storage/local";
import type { Storage } from "../../src/server/platform/storage/storage";
import { DOCUMENT_REFUSALS } from "../../src/server/trust/document-admin";
import { healthApi } from "../../src/shared/api/platform";
import { refusal } from "../../src/shared/staff/permissions";
import {
  adminTrustDocumentsApi,
  deleteTrustDocumentApi,
  publishTrustDocumentApi,
  trustDocumentFileApi,
  trustDocumentsApi,
  unpublishTrustDocumentApi,
  uploadTrustDocumentApi,
  type TrustDocumentView,
} from "../../src/shared/trust/api";
import { MAX_DOCUMENT_BYTES } from "../../src/shared/trust/trust";
import { apiHarness, type ApiHarness } from "../helpers/api";
import { count, insertTrustDocument } from "../helpers/dashboard-fixtures";

let api: ApiHarness;
let storage: Storage;
const purged: string[] = [];

beforeAll(async () => {
  api = await apiHarness({ cdn: { purge: async (tags) => void purged.push(...tags) } });
  storage = await createApp(new Request("http://localhost:4321/"), undefined, api.ports).open.storage();
});
beforeEach(async () => {
  await settled();
  purged.length = 0;
});
afterAll(() => api.close());

const PDF = demoResumePdf("Trust Center");
const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;

interface Started {
  document: TrustDocumentView;
  upload: { url: string; method: string; headers: Record<string, string>; expiresAt: string };
}

let n = 0;
async function start(body: Record<string, unknown> = {}, as: "admin" | "root_admin" = "admin") {
  const res = await api.call(uploadTrustDocumentApi, {
    as,
    body: { title: `Penetration test summary ${++n}`, access: "public", size: PDF.length, ...body },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Started;
}

/** PUTs bytes to an upload link as the browser does, received as the local server receives it. */
async function put(link: Started["upload"], bytes: Uint8Array, type = link.headers["Content-Type"]) {
  async function* body() {
    yield bytes;
  }
  return localUpload(
    storage as LocalStorage,
    { url: new URL(link.url, "http://localhost:4321").href, contentType: type, body: body() },
    Date.now(),
  );
}

const keyOf = async (id: string) =>
  (
    await api.db.db.query<{ file_key: string | null }>("SELECT file_key FROM trust_documents WHERE id = $1", [
      id,
    ])
  )[0]?.file_key ?? null;

const audited = (action: string, id: string) =>
  count(api.db.db, "audit_log", "action = $1 AND entity = 'trust_document' AND entity_id = $2", [action, id]);

describe("an admin uploads and publishes a document", () => {
  it("is a draft with a signed PUT link, then published, listed on /trust and downloaded", async () => {
    const { document, upload } = await start();
    expect(document).toMatchObject({ published: false, example: false, size: null, access: "public" });
    expect(upload.method).toBe("PUT");
    expect(upload.headers).toEqual({ "Content-Type": "application/pdf" });
    expect(Date.parse(upload.expiresAt)).toBeGreaterThan(Date.now());
    expect(await audited("trust_document.upload", document.id)).toBe(1);

    // A draft is not listed to the public, nor downloaded.
    const before = (await (await api.call(trustDocumentsApi)).json()) as { documents: { id: string }[] };
    expect(before.documents.map((d) => d.id)).not.toContain(document.id);
    expect((await api.call(trustDocumentFileApi, { params: { id: document.id } })).status).toBe(404);

    expect((await put(upload, PDF)).status).toBe(201);
    const pub = await api.call(publishTrustDocumentApi, { as: "admin", params: { id: document.id } });
    expect(pub.status, await pub.clone().text()).toBe(200);
    const published = ((await pub.json()) as { document: TrustDocumentView }).document;
    expect(published).toMatchObject({ published: true, size: PDF.length });
    await settled();
    expect(purged).toContain("trust");
    expect(await audited("trust_document.publish", document.id)).toBe(1);

    const list = (await (await api.call(trustDocumentsApi)).json()) as {
      documents: { id: string; url?: string }[];
    };
    const listed = list.documents.find((d) => d.id === document.id);
    expect(listed?.url).toBe(`/api/trust-document/${document.id}`);
    const download = await api.call(trustDocumentFileApi, { params: { id: document.id } });
    expect(download.status).toBe(303);
    const file = await api.send(
      new Request(new URL(download.headers.get("location")!, "http://localhost:4321")),
    );
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);

    // Staff see drafts too; everyone who reads the site's content does.
    const all = await api.call(adminTrustDocumentsApi, { as: "reader" });
    expect(all.status).toBe(200);
    const docs = ((await all.json()) as { documents: TrustDocumentView[] }).documents;
    expect(docs.find((d) => d.id === document.id)).toMatchObject({ published: true });

    // Unpublished: off the list again, kept as a draft.
    const off = await api.call(unpublishTrustDocumentApi, { as: "root_admin", params: { id: document.id } });
    expect(off.status).toBe(200);
    expect(await audited("trust_document.unpublish", document.id)).toBe(1);
    const after = (await (await api.call(trustDocumentsApi)).json()) as { documents: { id: string }[] };
    expect(after.documents.map((d) => d.id)).not.toContain(document.id);
  });

  it("a new file for a published document takes it back to draft and removes the old file", async () => {
    const { document, upload } = await start();
    await put(upload, PDF);
    expect(
      (await api.call(publishTrustDocumentApi, { as: "admin", params: { id: document.id } })).status,
    ).toBe(200);
    const oldKey = (await keyOf(document.id))!;
    const again = await start({ id: document.id, title: "Renamed summary", access: "restricted" });
    expect(again.document).toMatchObject({ id: document.id, published: false, title: "Renamed summary" });
    await settled();
    expect(await storage.head(oldKey)).toBeNull();
    expect(await keyOf(document.id)).not.toBe(oldKey);
  });

  it("names a new document from its title, and never takes another's id", async () => {
    const a = await start({ title: "SOC 2 Type II bridge letter" });
    const b = await start({ title: "SOC 2 Type II bridge letter" });
    expect(a.document.id).toBe("soc-2-type-ii-bridge-letter");
    expect(b.document.id).toBe("soc-2-type-ii-bridge-letter-2");
  });
});

describe("publishing checks the stored file", () => {
  it("refuses a file that is not a PDF by its bytes (415), and removes it", async () => {
    const { document, upload } = await start();
    const html = new TextEncoder().encode("<html><script>alert(1)</script></html>");
    expect((await put(upload, html)).status).toBe(201); // the link's type is signed, its bytes are not
    const key = (await keyOf(document.id))!;
    const res = await api.call(publishTrustDocumentApi, { as: "admin", params: { id: document.id } });
    expect(res.status).toBe(415);
    expect(await errorOf(res)).toBe(DOCUMENT_REFUSALS.notPdf);
    expect(await storage.head(key)).toBeNull();
    expect(
      await count(api.db.db, "trust_documents", "id = $1 AND NOT published AND file_key IS NULL", [
        document.id,
      ]),
    ).toBe(1);
    expect(await audited("trust_document.publish", document.id)).toBe(0);
    // Without a file it cannot be published until a new upload.
    const again = await api.call(publishTrustDocumentApi, { as: "admin", params: { id: document.id } });
    expect(again.status).toBe(400);
    expect(await errorOf(again)).toBe(DOCUMENT_REFUSALS.noFile);
  });

  it("refuses a file that never arrived (400) and one over the limit (413, as S3 would store it)", async () => {
    const { document, upload } = await start();
    const missing = await api.call(publishTrustDocumentApi, { as: "admin", params: { id: document.id } });
    expect(missing.status).toBe(400);
    expect(await errorOf(missing)).toBe(DOCUMENT_REFUSALS.notArrived);

    await put(upload, PDF);
    const key = (await keyOf(document.id))!;
    // S3 takes any size through a presigned PUT: what it stored is read back and refused.
    const s3Like: Storage = {
      ...storage,
      head: async () => ({ size: MAX_DOCUMENT_BYTES + 1, contentType: "application/pdf" }),
    };
    const big = await api.call(publishTrustDocumentApi, {
      as: "admin",
      params: { id: document.id },
      ports: { storage: s3Like },
    });
    expect(big.status).toBe(413);
    expect(await errorOf(big)).toBe(DOCUMENT_REFUSALS.tooLarge);
    expect(await storage.head(key)).toBeNull();
    expect(await count(api.db.db, "trust_documents", "id = $1 AND NOT published", [document.id])).toBe(1);
  });

  it("refuses to start an upload over the limit, or of no file", async () => {
    for (const [size, message] of [
      [MAX_DOCUMENT_BYTES + 1, /too large: the limit is 20 MB/],
      [0, /empty/],
    ] as const) {
      const res = await api.call(uploadTrustDocumentApi, {
        as: "admin",
        body: { title: "Too big", access: "public", size },
      });
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toMatch(message);
    }
    const local = await start();
    // Local storage cuts a body off at the signed limit too (tests/unit/local-upload.test.ts).
    expect(new URL(local.upload.url, "http://x").searchParams.get("max")).toBe(String(MAX_DOCUMENT_BYTES));
  });
});

describe("only admins change documents", () => {
  it.each(["editor", "sales", "recruiter", "reader"] as const)(
    "%s gets 403 and changes nothing",
    async (role) => {
      const id = await insertTrustDocument(api.db.db, { published: true });
      const calls = [
        api.call(uploadTrustDocumentApi, { as: role, body: { title: "Nope", access: "public", size: 10 } }),
        api.call(publishTrustDocumentApi, { as: role, params: { id } }),
        api.call(unpublishTrustDocumentApi, { as: role, params: { id } }),
        api.call(deleteTrustDocumentApi, { as: role, params: { id } }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.status).toBe(403);
        expect(await errorOf(res)).toBe(refusal(role, "documents:change"));
      }
      expect(await count(api.db.db, "trust_documents", "id = $1 AND published", [id])).toBe(1);
      expect(await count(api.db.db, "trust_documents", "title = 'Nope'")).toBe(0);
    },
  );

  it("an admin removes a document and its file (audited)", async () => {
    const { document, upload } = await start();
    await put(upload, PDF);
    const key = (await keyOf(document.id))!;
    const res = await api.call(deleteTrustDocumentApi, { as: "admin", params: { id: document.id } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: document.id, message: "Document removed" });
    expect(await storage.head(key)).toBeNull();
    expect(await audited("trust_document.delete", document.id)).toBe(1);
    expect(
      (await api.call(deleteTrustDocumentApi, { as: "admin", params: { id: document.id } })).status,
    ).toBe(404);
  });
});

describe("no demo documents in production", () => {
  const before = process.env.CONTEXT;
  afterEach(() => {
    if (before === undefined) delete process.env.CONTEXT;
    else process.env.CONTEXT = before;
    resetEnv();
  });

  it("refuses to publish an example there (400); a new upload makes it the admin's own", async () => {
    const key = `private/${crypto.randomUUID()}.pdf`;
    await storage.put(key, PDF, "application/pdf");
    const id = await insertTrustDocument(api.db.db, { example: true, fileKey: key });
    process.env.CONTEXT = "production";
    resetEnv();
    const res = await api.call(publishTrustDocumentApi, { as: "admin", params: { id } });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatch(/example/i);
    expect(await count(api.db.db, "trust_documents", "id = $1 AND published", [id])).toBe(0);
    const health = (await (await api.call(healthApi, { as: "root_admin" })).json()) as {
      publishedExamples: string[];
    };
    expect(health.publishedExamples).not.toContain(`trust document ${id}`);

    const own = await start({ id });
    expect(own.document.example).toBe(false);
    await put(own.upload, PDF);
    expect((await api.call(publishTrustDocumentApi, { as: "admin", params: { id } })).status).toBe(200);
  });
});
