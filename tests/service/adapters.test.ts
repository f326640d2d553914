/**
 * The storage and mail ports, each adapter against a real back end: local files and an
 * S3-compatible server (s3rver); the outbox and an SES-compatible server (aws-ses-v2-local);
 * and the Neon database adapter against PostgreSQL through a WebSocket bridge.
 */
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import sesServer from "aws-ses-v2-local";
import { describe, expect, it } from "vitest";
import { createNeonDb } from "../../src/server/platform/db/neon";
import { listQueue } from "../../src/server/blog/moderation";
import { createOutboxMailer } from "../../src/server/platform/mail/outbox";
import { createSesMailer } from "../../src/server/platform/mail/ses";
import { migrate } from "../../src/server/platform/db/migrate";
import { newKey } from "../../src/server/platform/storage/storage";
import { verifyLocalSignature } from "../../src/server/platform/storage/local";
import { requirePostgres } from "../helpers/db";
import { startWsBridge } from "../helpers/ws-bridge";
import { storageBackends } from "../helpers/storages";

const SECRET = "adapter-test-secret-adapter-test-secret-1234";
const bytes = new TextEncoder().encode("%PDF-1.4 test file");

const storages = storageBackends(SECRET);

describe.each(storages)("storage on %s", (name, make) => {
  it("stores, reads back, signs a link and deletes", async () => {
    const storage = await make();
    const key = newKey("private", "pdf");
    await storage.put(key, bytes, "application/pdf");
    const got = await storage.get(key);
    expect(got?.contentType).toBe("application/pdf");
    expect(Buffer.from(got!.body).toString()).toBe("%PDF-1.4 test file");

    const link = await storage.signedUrl(key, { expiresIn: 60, downloadName: "resume.pdf" });
    if (name === "s3rver") {
      const res = await fetch(link);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe("%PDF-1.4 test file");
      expect(link).toContain("X-Amz-Expires=60");
      expect(res.headers.get("content-disposition")).toBe('attachment; filename="resume.pdf"');
      // A PDF to view: shown inline, as a PDF, from the bucket's origin.
      const view = await fetch(
        await storage.signedUrl(key, { expiresIn: 60, downloadName: "resume.pdf", inlinePdf: true }),
      );
      expect(view.headers.get("content-disposition")).toBe('inline; filename="resume.pdf"');
      expect(view.headers.get("content-type")).toBe("application/pdf");
      expect(await view.text()).toBe("%PDF-1.4 test file");
    } else {
      const u = new URL(link, "http://localhost");
      const params = {
        key: u.pathname.replace("/api/files/", ""),
        exp: u.searchParams.get("exp"),
        name: u.searchParams.get("name"),
        sig: u.searchParams.get("sig"),
      };
      expect(verifyLocalSignature(SECRET, params)).toBe(true);
      expect(verifyLocalSignature(SECRET, { ...params, name: "other.pdf" })).toBe(false);
      // A download link cannot be turned into a link to view, nor the other way round.
      expect(verifyLocalSignature(SECRET, { ...params, inline: true })).toBe(false);
      const view = new URL(
        await storage.signedUrl(key, { expiresIn: 60, downloadName: "resume.pdf", inlinePdf: true }),
        "http://localhost",
      );
      expect(view.searchParams.get("view")).toBe("inline");
      const viewParams = { ...params, exp: view.searchParams.get("exp"), sig: view.searchParams.get("sig") };
      expect(verifyLocalSignature(SECRET, { ...viewParams, inline: true })).toBe(true);
      expect(verifyLocalSignature(SECRET, viewParams)).toBe(false);
      expect(verifyLocalSignature(SECRET, params, Date.now() + 61_000)).toBe(false);
      expect(verifyLocalSignature("another-secret-another-secret-0000", params)).toBe(false);
    }

    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
  });

  it("refuses keys that are not its own random keys", async () => {
    const storage = await make();
    expect(await storage.get("../../etc/passwd")).toBeNull();
    await expect(storage.put("private/../../x", bytes, "text/plain")).rejects.toThrow();
  });
});

describe("mail", () => {
  it("writes one .eml per message to the outbox, readable as UTF-8 text", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "outbox-"));
    const mailer = createOutboxMailer(dir, "Nimbus <no-reply@example.com>");
    await mailer.send({
      to: "sales@example.com",
      subject: "New inquiry — Zoë",
      text: "Hello\nSecond line ✓",
    });
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    const raw = readFileSync(path.join(dir, files[0]!), "utf8");
    expect(raw).toMatch(/^From: Nimbus <no-reply@example.com>\r\n/);
    expect(raw).toContain("To: sales@example.com");
    expect(raw).toContain("Subject: =?UTF-8?B?");
    const body = raw.split("\r\n\r\n")[1]!.replace(/\s+/g, "");
    expect(Buffer.from(body, "base64").toString("utf8")).toBe("Hello\r\nSecond line ✓");
  });

  it("sends through an SES-compatible server", async () => {
    const server = await sesServer({ host: "127.0.0.1", port: 0 });
    const port = (server.address() as AddressInfo).port;
    try {
      const mailer = await createSesMailer(
        {
          kind: "ses",
          region: "us-east-1",
          endpoint: `http://127.0.0.1:${port}`,
          accessKeyId: "ANY",
          secretAccessKey: "ANY",
        },
        "no-reply@example.com",
      );
      await mailer.send({ to: "sales@example.com", subject: "New inquiry", text: "Body text" });
      const store = (await (await fetch(`http://127.0.0.1:${port}/store`)).json()) as {
        emails: { subject: string; destination: { to: string[] }; body: { text?: string } }[];
      };
      expect(store.emails).toHaveLength(1);
      expect(store.emails[0]!.subject).toBe("New inquiry");
      expect(store.emails[0]!.destination.to).toContain("sales@example.com");
      expect(store.emails[0]!.body.text).toBe("Body text");
    } finally {
      server.close();
    }
  });
});

describe("Neon adapter", () => {
  it("runs the migrations and a transaction against PostgreSQL through its WebSocket driver", async (ctx) => {
    const url = process.env.PG_TEST_URL;
    if (!url) {
      if (requirePostgres()) throw new Error("PG_TEST_URL is not set");
      return ctx.skip();
    }
    const u = new URL(url);
    const bridge = await startWsBridge(u.hostname, Number(u.port));
    // A database of its own, made with the pg adapter, then used through Neon's driver only.
    const { createPgDb } = await import("../../src/server/platform/db/pg");
    const admin = await createPgDb(url, 1);
    const name = `neon_${Date.now()}`;
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.close();
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    const db = await createNeonDb(dbUrl.toString(), bridge.url);
    try {
      await migrate(db);
      await db.transaction(async (tx) => {
        await tx.query("INSERT INTO faqs (question) VALUES ($1)", ["Through Neon?"]);
      });
      await expect(
        db.transaction(async (tx) => {
          await tx.query("INSERT INTO faqs (question) VALUES ($1)", ["Rolled back"]);
          throw new Error("boom");
        }),
      ).rejects.toThrow("boom");
      const rows = await db.query<{ question: string }>("SELECT question FROM faqs");
      expect(rows.map((r) => r.question)).toEqual(["Through Neon?"]);
      // Arrays travel both ways: a held comment's reasons, written and read by the moderation queue.
      const [post] = await db.query<{ id: number }>(
        "INSERT INTO posts (title, author, content, category) VALUES ('T', 'A', 'C', 'Servers') RETURNING id",
      );
      await db.query(
        `INSERT INTO comments (post_id, name, email, comment, status, held_reasons)
         VALUES ($1, 'N', 'n@example.org', 'c', 'held', $2::text[])`,
        [post!.id, ["links", "words"]],
      );
      const { items } = await listQueue({ db });
      expect(items.map((i) => i.reasons)).toEqual([["links", "words"]]);
    } finally {
      await db.close();
      await bridge.close();
      const a = await createPgDb(url, 1);
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.close();
    }
  });
});
