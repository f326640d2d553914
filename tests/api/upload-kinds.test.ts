/**
 * Every kind of file the site accepts is accepted, from small real files made in the test: the
 * contact form's attachment (PDF, DOC, DOCX, PPTX, XLSX, PNG, JPG), an application's resume (PDF,
 * DOC, DOCX), a blog post's images and a profile image (PNG, JPG, WebP). Each is stored with the
 * type its bytes show.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_KINDS } from "../../src/shared/contact/rules";
import { seed } from "../../scripts/seed/seed";
import type { Db } from "../../src/server/platform/db/db";
import { FILE_KINDS, type FileKind } from "../../src/shared/common/upload-limits";
import { addPostApi } from "../../src/shared/blog/admin-api";
import { submitApplicationApi } from "../../src/shared/careers/api";
import { submitApi } from "../../src/shared/contact/api";
import { updateProfileApi } from "../../src/shared/staff/api";
import { apiHarness, type ApiHarness } from "../helpers/api";
import { contactForm } from "../helpers/contact";
import { applicationToken } from "../helpers/applicant";
import { sampleFile } from "../helpers/office-files";

const RESUME_KINDS: FileKind[] = ["pdf", "doc", "docx"];
const IMAGE_KINDS: FileKind[] = ["png", "jpg", "webp"];

let api: ApiHarness;
let db: Db;

beforeAll(async () => {
  api = await apiHarness();
  db = api.db.db;
  await seed(db);
}, 120_000);
afterAll(() => api.close());

async function fileOf(kind: FileKind): Promise<File> {
  const { bytes, name } = await sampleFile(kind);
  // The declared type is left empty: only the bytes decide.
  return new File([bytes as Uint8Array<ArrayBuffer>], name);
}

it("every allowed kind is tried somewhere", () => {
  const tried = new Set<string>([...UPLOAD_KINDS, ...RESUME_KINDS, ...IMAGE_KINDS]);
  expect([...tried].sort()).toEqual(Object.keys(FILE_KINDS).sort());
});

describe.each([...UPLOAD_KINDS])("the contact form accepts a %s attachment", (kind) => {
  it("stores it with the type its bytes show", async () => {
    const { bytes, name } = await sampleFile(kind);
    const res = await api.call(submitApi, {
      form: contactForm({ email: `buyer-${kind}@northwind.example` }, { bytes, name }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const [row] = await db.query<{ file_type: string; file_name: string }>(
      "SELECT file_type, file_name FROM inquiries ORDER BY id DESC LIMIT 1",
    );
    expect(row).toEqual({ file_type: FILE_KINDS[kind].mime, file_name: name });
  });
});

describe.each(RESUME_KINDS)("an application accepts a %s resume", (kind) => {
  it("stores it with the type its bytes show", async () => {
    const email = `candidate-${kind}-${Date.now()}@example.org`;
    api.outbox.length = 0;
    // The single-use token a right code gives this browser: the application must carry it.
    const token = await applicationToken(api.ports, email, () => api.outbox);
    const form = new FormData();
    const fields: Record<string, string> = {
      firstName: "Asha",
      lastName: "Raman",
      email,
      mobile: "+919876543210",
      nativePlace: "Chennai",
      gender: "Female",
      totalExperience: "5",
      itExperience: "4",
      currentCompany: "Acme",
      noticePeriod: "30 Days",
      willingToRelocate: "No",
      skills: "Linux",
      privacyConsent: "yes",
    };
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append("resume", await fileOf(kind));
    const res = await api.call(submitApplicationApi, { form, cookie: token });
    expect(res.status, await res.clone().text()).toBe(201);
    const [row] = await db.query<{ resume_type: string }>(
      "SELECT resume_type FROM applications WHERE email = $1",
      [email],
    );
    expect(row?.resume_type).toBe(FILE_KINDS[kind].mime);
  });
});

describe.each(IMAGE_KINDS)("a %s image", (kind) => {
  it("is accepted for a blog post", async () => {
    const form = new FormData();
    const title = `Images ${kind} ${Date.now()}`;
    for (const [k, v] of Object.entries({ title, author: "A", category: "Servers", content: "C" }))
      form.append(k, v);
    form.append("image1", await fileOf(kind));
    const res = await api.call(addPostApi, { form, as: "admin" });
    expect(res.status, await res.clone().text()).toBe(201);
    const [row] = await db.query<{ image1: string | null }>("SELECT image1 FROM posts WHERE title = $1", [
      title,
    ]);
    expect(row?.image1).toBeTruthy();
  });

  it("is accepted as a profile image", async () => {
    const form = new FormData();
    form.append("profileImage", await fileOf(kind));
    const res = await api.call(updateProfileApi, { form, as: "reader" });
    expect(res.status, await res.clone().text()).toBe(200);
    const [row] = await db.query<{ profile_image: string | null }>(
      "SELECT profile_image FROM users WHERE id = $1",
      [api.staff.users.reader.id],
    );
    expect(row?.profile_image).toBeTruthy();
  });
});
