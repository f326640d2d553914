import { mkdtempSync, readdirSync, existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactSchema } from "../../src/shared/contact/contact";
import { createApp } from "../../src/server/http/app";
import {
  attachmentDownloadName,
  getInquiry,
  inquiryName,
  saveInquiry,
} from "../../src/server/contact/inquiries";
import { notifySales, salesMessage, unnotifiedInquiries } from "../../src/server/contact/sales-mail";
import type { Db } from "../../src/server/platform/db/db";
import type { MailMessage } from "../../src/server/platform/mail/mail";
import { createLocalStorage } from "../../src/server/platform/storage/local";
import type { CheckedFile } from "../../src/server/common/files";
import { BACKENDS, requirePostgres, type TestDb } from "../helpers/db";
import { PDF, validInquiry } from "../helpers/contact";
import { log as platformLog } from "../../src/server/platform/log";

const input = contactSchema({ blockedDomains: ["gmail.com"] }).parse(validInquiry);
const pdf: CheckedFile = {
  bytes: PDF,
  kind: "pdf",
  mime: "application/pdf",
  ext: "pdf",
  size: PDF.length,
  name: "Ada's brief.pdf",
};
const meta = {
  sourcePage: "http://localhost:4321/service",
  utm: { utm_source: "newsletter", utm_campaign: "fall" },
};

function filesIn(dir: string): string[] {
  return existsSync(dir)
    ? readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => /\.[a-z]+$/.test(f))
    : [];
}

describe.each(BACKENDS)("contact service on $name", ({ name, open }) => {
  let t: TestDb | undefined;
  let dir: string;
  beforeAll(async () => {
    t = await open();
    if (!t && name === "postgres" && requirePostgres()) throw new Error("PG_TEST_URL is not set");
    dir = mkdtempSync(path.join(os.tmpdir(), "contact-files-"));
  });
  afterAll(async () => {
    await t?.close();
  });

  it("stores every field, the file and where the visitor came from", async (ctx) => {
    if (!t) return ctx.skip();
    const storage = createLocalStorage(dir, "s".repeat(40));
    const id = await saveInquiry({ db: t.db, storage, log: platformLog }, input, pdf, meta);
    const got = (await getInquiry({ db: t.db }, id))!;
    expect(got).toMatchObject({
      fullName: "Ada Lovelace",
      email: "ada@analytical.example",
      orgName: "Analytical Engines Inc",
      jobTitle: "CTO",
      industry: "Manufacturing",
      companySize: "50-100",
      mobile: "+12015550123",
      budget: "$5000-$10000",
      projectType: "Urgent",
      deadline: "2099-12-31",
      projectDetails: validInquiry.projectDetails,
      sourcePage: meta.sourcePage,
      utm: meta.utm,
    });
    expect(got.file).toMatchObject({ name: "Ada's brief.pdf", type: "application/pdf", size: PDF.length });
    expect(got.file!.key).toMatch(/^private\/[0-9a-f-]{36}\.pdf$/);
    const stored = await storage.get(got.file!.key);
    expect(Buffer.from(stored!.body).equals(Buffer.from(PDF))).toBe(true);
    expect(await inquiryName({ db: t.db }, id)).toBe("Ada Lovelace");
    expect(await inquiryName({ db: t.db }, id + 1000)).toBeUndefined();
  });

  it("stores an inquiry without a file and an empty deadline as null", async (ctx) => {
    if (!t) return ctx.skip();
    const storage = createLocalStorage(dir, "s".repeat(40));
    const id = await saveInquiry(
      { db: t.db, storage, log: platformLog },
      { ...input, deadline: "" },
      undefined,
      {
        sourcePage: null,
        utm: {},
      },
    );
    const got = (await getInquiry({ db: t.db }, id))!;
    expect(got.file).toBeNull();
    expect(got.deadline).toBeNull();
    expect(got.utm).toEqual({});
  });

  it("removes the stored file when the row cannot be written (no orphan)", async (ctx) => {
    if (!t) return ctx.skip();
    const own = mkdtempSync(path.join(os.tmpdir(), "contact-orphan-"));
    const storage = createLocalStorage(own, "s".repeat(40));
    const before = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM inquiries");
    // The database refuses a company size outside its list, whatever the code lets through.
    await expect(
      saveInquiry(
        { db: t.db, storage, log: platformLog },
        { ...input, companySize: "huge" as never },
        pdf,
        meta,
      ),
    ).rejects.toThrow();
    expect(filesIn(own)).toEqual([]);
    const after = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM inquiries");
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it("mails sales every field and a link to the lead in the dashboard, no bearer link to the file", async (ctx) => {
    if (!t) return ctx.skip();
    const db = t.db;
    const sent: MailMessage[] = [];
    const app = createApp(new Request("http://localhost:4321/api/submit"), undefined, {
      db,
      storage: createLocalStorage(dir, "s".repeat(40)),
      mail: { send: async (m) => void sent.push(m) },
    });
    const id = await saveInquiry(
      { db, storage: await app.open.storage(), log: platformLog },
      input,
      pdf,
      meta,
    );
    expect(await notifySales(app.deps, id)).toBe(true);
    const mail = sent.at(-1)!;
    expect(mail.to).toBe(app.deps.env.salesEmail);
    expect(mail.replyTo).toBe("ada@analytical.example");
    for (const v of Object.values(validInquiry)) expect(mail.text).toContain(v.split("\n")[0]);
    expect(mail.text).toContain("utm_source=newsletter");
    expect(mail.text).not.toMatch(/\/api\/files\/|X-Amz-Signature|[?&]sig=/i);
    expect(mail.text).toContain(`http://localhost:4321/dashboard/leads#lead-${id}`);
    const log = await db.query<{ status: string }>(
      "SELECT status FROM mail_log WHERE ref_table = 'inquiries' AND ref_id = $1",
      [id],
    );
    expect(log.map((r) => r.status)).toEqual(["sent"]);
    expect(await unnotifiedInquiries({ db })).not.toContain(id);
  });

  it("keeps the inquiry when mail fails, records it, and re-sends later", async (ctx) => {
    if (!t) return ctx.skip();
    const db: Db = t.db;
    let fail = true;
    const app = createApp(new Request("http://localhost:4321/api/submit"), undefined, {
      db,
      storage: createLocalStorage(dir, "s".repeat(40)),
      mail: {
        send: async () => {
          if (fail) throw new Error("SES is down");
        },
      },
    });
    const id = await saveInquiry(
      { db, storage: await app.open.storage(), log: platformLog },
      input,
      undefined,
      meta,
    );
    expect(await notifySales(app.deps, id)).toBe(false);
    expect(await getInquiry({ db }, id)).toBeTruthy();
    expect(await unnotifiedInquiries({ db })).toContain(id);
    fail = false;
    expect(await notifySales(app.deps, id)).toBe(true);
    const log = await db.query<{ status: string; error: string | null }>(
      "SELECT status, error FROM mail_log WHERE ref_table = 'inquiries' AND ref_id = $1 ORDER BY id",
      [id],
    );
    expect(log).toEqual([
      { status: "failed", error: "SES is down" },
      { status: "sent", error: null },
    ]);
    expect(await unnotifiedInquiries({ db })).not.toContain(id);
  });
});

describe("the sales message", () => {
  it("is plain text with every field, and says when there is no attachment", () => {
    const msg = salesMessage(
      {
        id: 7,
        kind: "contact",
        ...input,
        deadline: null,
        file: null,
        sourcePage: null,
        utm: {},
        marketingConsentVersion: null,
        marketingConsentAt: null,
        createdAt: "2026-01-01T00:00:00.000Z",
      },
      "sales@example.com",
      "http://localhost:4321/dashboard/leads#lead-7",
    );
    expect(msg.subject).toBe("New inquiry #7: Analytical Engines Inc (Urgent)");
    expect(msg.text).toContain("Attachment: none");
    expect(msg.text).toContain("Deadline (YYYY-MM-DD): -");
    expect(
      attachmentDownloadName({ id: 7, file: { key: "private/x.docx", name: "a", type: null, size: 1 } }),
    ).toBe("inquiry-7.docx");
  });
});
