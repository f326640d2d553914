/**
 * Upload limits that fit the platform: one request carries at most MAX_REQUEST_BYTES (base64
 * makes it fit Netlify's 6 MB), and every form's files together at most MAX_FILES_BYTES, at the
 * byte, on the server; the forms' hints and messages use the same numbers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_HINT } from "../../src/shared/contact/rules";
import {
  base64Size,
  MAX_FILES_BYTES,
  UPLOADS,
  MAX_FILES_LABEL,
  MAX_REQUEST_BYTES,
  PLATFORM_BODY_BYTES,
} from "../../src/shared/common/upload-limits";

import { MAX_MULTIPART_BODY } from "../../src/server/http/body";
import { addPostApi } from "../../src/shared/blog/admin-api";
import { submitApi } from "../../src/shared/contact/api";
import { updateProfileApi } from "../../src/shared/staff/api";
import { apiHarness, type ApiHarness } from "../helpers/api";
import { contactForm, PDF } from "../helpers/contact";
import { postForm } from "../helpers/dashboard-call";
import { pngBytes } from "../helpers/dashboard-fixtures";

const base = "http://localhost:4321";
let api: ApiHarness;
beforeAll(async () => {
  api = await apiHarness();
});
afterAll(() => api.close());

/** A PDF of exactly `size` bytes (a real header, padded). */
function pdfOf(size: number): Uint8Array {
  const out = new Uint8Array(size);
  out.set(PDF);
  return out;
}
async function pngOf(size: number): Promise<Uint8Array> {
  const out = new Uint8Array(size);
  out.set(await pngBytes(16, 16));
  return out;
}
const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;

describe("the limits", () => {
  it("fit one function request once base64-encoded, with room for headers", () => {
    expect(base64Size(MAX_REQUEST_BYTES) + 64 * 1024).toBeLessThanOrEqual(PLATFORM_BODY_BYTES);
    // The files of a form leave room for its fields (a post's 100,000 characters of text).
    expect(MAX_FILES_BYTES + 300_000).toBeLessThanOrEqual(MAX_REQUEST_BYTES);
  });

  it("are the same numbers everywhere", () => {
    expect(MAX_MULTIPART_BODY).toBe(MAX_REQUEST_BYTES);
    for (const n of [...Object.values(UPLOADS).map((u) => u.maxBytes)]) expect(n).toBe(MAX_FILES_BYTES);
    expect(MAX_FILES_LABEL).toBe("4 MB");
    expect(UPLOAD_HINT).toContain(MAX_FILES_LABEL);
  });
});

describe("POST /api/submit at the boundary", () => {
  const send = (file: Uint8Array) =>
    api.call(submitApi, {
      form: contactForm({}, { bytes: file, name: "brief.pdf", type: "application/pdf" }),
    });

  it("takes an attachment of exactly the limit", async () => {
    expect((await send(pdfOf(MAX_FILES_BYTES))).status).toBe(200);
  });

  it("refuses one byte more with 413 naming the limit", async () => {
    const res = await send(pdfOf(MAX_FILES_BYTES + 1));
    expect(res.status).toBe(413);
    expect(await errorOf(res)).toContain("4 MB");
  });

  it("refuses a request larger than one function can receive before reading it", async () => {
    // A declared length over the limit, with a body that does not match it: sent as written.
    const at = await api.send(
      new Request(`${base}/api/submit`, {
        method: "POST",
        headers: {
          origin: base,
          "content-type": "multipart/form-data; boundary=x",
          "content-length": String(MAX_REQUEST_BYTES + 1),
        },
        body: "--x--\r\n",
      }),
    );
    expect(at.status).toBe(413);
    expect(await errorOf(at)).toMatch(/at most 4 MB in all/);
  });
});

describe("POST /api/add-post: the two images together", () => {
  const fields = { title: "Limits", author: "Priya Raman", category: "Cloud Computing", content: "Text" };
  const send = async (a: number, b: number) =>
    api.call(addPostApi, {
      as: "admin",
      form: postForm(fields, {
        image1: [await pngOf(a), "a.png", "image/png"],
        image2: [await pngOf(b), "b.png", "image/png"],
      }),
    });

  it("are taken at exactly the limit", async () => {
    const res = await send(MAX_FILES_BYTES / 2, MAX_FILES_BYTES / 2);
    expect(res.status, await res.clone().text()).toBe(201);
  });

  it("are refused one byte over it, though each alone would fit", async () => {
    const res = await send(MAX_FILES_BYTES / 2, MAX_FILES_BYTES / 2 + 1);
    expect(res.status).toBe(413);
    expect(await errorOf(res)).toBe("The two images together are too large: the limit is 4 MB in all.");
  });
});

describe("POST /api/update-profile: the picture", () => {
  const send = async (size: number) =>
    api.call(updateProfileApi, {
      as: "reader",
      form: postForm({}, { profileImage: [await pngOf(size), "me.png", "image/png"] }),
    });

  it("is refused one byte over the limit", async () => {
    const res = await send(MAX_FILES_BYTES + 1);
    expect(res.status).toBe(413);
    expect(await errorOf(res)).toContain("4 MB");
  });
});
