import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config } from "../../netlify/functions/retry-notifications";
import { loadScheduled } from "../../scripts/lib/schedules";
import { contactSchema } from "../../src/shared/contact/contact";
import { createApp } from "../../src/server/http/app";
import { saveInquiry } from "../../src/server/contact/inquiries";
import { notifySales } from "../../src/server/contact/sales-mail";
import type { MailMessage } from "../../src/server/platform/mail/mail";
import { createLocalStorage } from "../../src/server/platform/storage/local";
import { validInquiry } from "../helpers/contact";
import { log } from "../../src/server/platform/log";
import { apiHarness, type ApiHarness } from "../helpers/api";

let api: ApiHarness;
const mail = { down: true, sent: [] as MailMessage[] };
let shift = 0;
beforeAll(async () => {
  api = await apiHarness({
    storage: createLocalStorage(mkdtempSync(path.join(os.tmpdir(), "retry-notifications-")), "s".repeat(40)),
    now: () => new Date(Date.now() + shift),
    mail: {
      send: async (m: MailMessage) => {
        if (mail.down) throw new Error("SES is down");
        mail.sent.push(m);
      },
    },
  });
});
afterAll(() => api.close());

describe("the scheduled retry of sales notifications", () => {
  it("runs every 10 minutes on Netlify, and on the local server's timer", async () => {
    expect(config).toEqual({ schedule: "*/10 * * * *" });
    expect(config).not.toHaveProperty("path");
    const scheduled = await loadScheduled();
    expect(scheduled.map((f) => [f.name, f.schedule])).toContainEqual([
      "retry-notifications",
      "*/10 * * * *",
    ]);
  });

  it("answers the scheduler's call (no Origin) and sends what failed once the mailer recovers", async () => {
    const app = createApp(new Request("http://localhost:4321/api/submit"), undefined, api.ports);
    const input = contactSchema({ blockedDomains: [] }).parse(validInquiry);
    const id = await saveInquiry(
      { db: api.db.db, storage: await app.open.storage(), log },
      input,
      undefined,
      {
        sourcePage: null,
        utm: {},
      },
    );
    expect(await notifySales(app.deps, id)).toBe(false);

    // As Netlify calls it: a POST with the next run in its body.
    const call = () => api.schedule("retry-notifications");
    shift = 11 * 60_000;
    let res = await call();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ due: 1, sent: 0, failed: 1 });

    mail.down = false;
    shift = 32 * 60_000;
    res = await call();
    expect(await res.json()).toEqual({ due: 1, sent: 1, failed: 0 });
    expect(mail.sent.map((m) => m.subject)).toEqual([
      expect.stringMatching(new RegExp(`^New inquiry #${id}:`)),
    ]);
    expect(await (await call()).json()).toEqual({ due: 0, sent: 0, failed: 0 });
  });
});
