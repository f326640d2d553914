/**
 * A deployed function (a Lambda-like environment) fails closed: with any production setting
 * missing or at its example value every /api call answers 503 and the log names the variables
 * once; fully configured, it stores files in S3 and sends mail with SES, and nothing is ever
 * written under DATA_DIR or the working directory.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import sesServer from "aws-ses-v2-local";
import S3rver from "s3rver";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import forgotPasswordFn from "../../netlify/functions/forgot-password";
import getPostsFn from "../../netlify/functions/get-posts";
import healthFn from "../../netlify/functions/health";
import submitFn from "../../netlify/functions/submit";
import { ConfigurationError, loadEnv, resetEnv } from "../../src/server/platform/env";
import { VARIABLES } from "../../src/server/platform/env-variables";
import { pgliteDb, type TestDb } from "../helpers/db";
import { contactForm, PDF } from "../helpers/contact";
import { createStaffCookies } from "../helpers/staff-matrix";
import { withPorts, type GivenPorts } from "../helpers/ports";

/** The back ends every call of this file's functions gets (tests/helpers/ports.ts). */
let ports: GivenPorts = {};
const forgotPassword = withPorts(forgotPasswordFn, () => ports);
const getPosts = withPorts(getPostsFn, () => ports);
const health = withPorts(healthFn, () => ports);
const submit = withPorts(submitFn, () => ports);

const base = "https://www.nimbus-cloud-ops.test";
const REQUIRED = Object.entries(VARIABLES)
  .filter(([, v]) => v.requiredWhenDeployed)
  .map(([k]) => k);

/** What a deployed function would see, fully configured (endpoints are local stand-ins). */
function lambdaEnv(s3Port = 1, sesPort = 1): Record<string, string> {
  return {
    AWS_LAMBDA_FUNCTION_NAME: "submit",
    LAMBDA_TASK_ROOT: "/var/task",
    SITE_URL: base,
    SESSION_SECRET: "deployed-secret-deployed-secret-0123456789",
    DATABASE_URL: "postgres://app@db.internal.test:5432/site",
    S3_BUCKET: "uploads",
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    APP_AWS_ACCESS_KEY_ID: "S3RVER",
    APP_AWS_SECRET_ACCESS_KEY: "S3RVER",
    SES_ENDPOINT: `http://127.0.0.1:${sesPort}`,
    MAIL_FROM: "Nimbus Cloud Ops <no-reply@nimbus-cloud-ops.test>",
    SALES_EMAIL: "sales@nimbus-cloud-ops.test",
  };
}

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  return undefined;
}

const saved = { ...process.env };
function useEnv(vars: Record<string, string | undefined>) {
  for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
  Object.assign(process.env, saved);
  delete process.env.RATE_LIMITS; // the test setup switches them off; a deployed site cannot
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnv();
}
afterAll(() => {
  useEnv({});
  ports = {};
});

describe("loadEnv in a deployed function", () => {
  it("recognises the deployed runtime from AWS Lambda's own variables, not CONTEXT", () => {
    expect(loadEnv(lambdaEnv()).deployed).toBe(true);
    expect(loadEnv({ ...lambdaEnv(), AWS_LAMBDA_FUNCTION_NAME: undefined }).deployed).toBe(true);
    expect(loadEnv({ ...lambdaEnv(), LAMBDA_TASK_ROOT: undefined }).deployed).toBe(true);
    expect(loadEnv({ CONTEXT: "production" }).deployed).toBe(false);
  });

  it("always selects S3 and SES there, whatever MAIL_DRIVER says", () => {
    const e = loadEnv({ ...lambdaEnv(), SES_ENDPOINT: undefined, S3_ENDPOINT: undefined });
    expect(e.storage.kind).toBe("s3");
    expect(e.mail.kind).toBe("ses");
    expect(e.rateLimits).toBe(true);
  });

  it.each(REQUIRED)("refuses to start without %s, naming it", (name) => {
    const vars = { ...lambdaEnv(), [name]: undefined };
    const err = thrown(() => loadEnv(vars));
    expect(err).toBeInstanceOf(ConfigurationError);
    expect((err as ConfigurationError).variables).toEqual([name]);
    expect((err as Error).message).toContain(`${name}: not set`);
  });

  it.each([
    ["SITE_URL", "https://www.example.com"],
    ["MAIL_FROM", "Nimbus Cloud Ops <no-reply@example.com>"],
    ["SALES_EMAIL", "sales@example.com"],
    ["SALES_EMAIL", "leads@mail.example.org"],
  ])("refuses %s at an example value (%s)", (name, value) => {
    expect(() => loadEnv({ ...lambdaEnv(), [name]: value })).toThrow(
      new RegExp(`${name}: still the example value`),
    );
  });

  it("names every problem in one error", () => {
    const err = thrown(() =>
      loadEnv({ AWS_LAMBDA_FUNCTION_NAME: "x", SESSION_SECRET: "short", RATE_LIMITS: "off" }),
    ) as ConfigurationError;
    expect(err).toBeInstanceOf(ConfigurationError);
    expect(new Set(err.variables)).toEqual(new Set([...REQUIRED, "RATE_LIMITS"]));
    expect(err.message).toContain("SESSION_SECRET: SESSION_SECRET must be at least 32 characters");
  });

  it.each(["off", "0", "false", "no"])("refuses RATE_LIMITS=%s", (value) => {
    expect(() => loadEnv({ ...lambdaEnv(), RATE_LIMITS: value })).toThrow(/RATE_LIMITS: rate limits cannot/);
    expect(loadEnv({ RATE_LIMITS: value }).rateLimits).toBe(false); // locally it is allowed
  });

  it("refuses a test clock: a deployed site keeps the real time", () => {
    expect(() => loadEnv({ ...lambdaEnv(), TEST_CLOCK: "on" })).toThrow(/TEST_CLOCK: a deployed site keeps/);
    expect(loadEnv({ ...lambdaEnv(), TEST_CLOCK: "off" }).testClock).toBe(false);
    expect(loadEnv({ TEST_CLOCK: "on" }).testClock).toBe(true); // the end-to-end tests' local server
    expect(loadEnv({}).testClock).toBe(false);
  });

  it("refuses the outbox mail driver", () => {
    expect(() => loadEnv({ ...lambdaEnv(), MAIL_DRIVER: "outbox" })).toThrow(/MAIL_DRIVER/);
  });
});

describe("an /api call in a deployed function with incomplete settings", () => {
  afterEach(() => vi.restoreAllMocks());

  it.each(REQUIRED)("answers 503 JSON without %s", async (name) => {
    useEnv({ ...lambdaEnv(), [name]: undefined });
    const res = await getPosts(new Request(`${base}/api/get-posts`));
    expect(res.status).toBe(503);
    expect(res.headers.get("content-type")).toContain("application/json");
    const body = (await res.json()) as { error: string };
    expect(body.error).toMatch(/not available/);
    expect(body.error).not.toContain(name); // operators read the log; callers learn nothing more
  });

  it("answers /api/health with { ok: false } and 503", async () => {
    useEnv({ ...lambdaEnv(), DATABASE_URL: undefined });
    const res = await health(new Request(`${base}/api/health`));
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ ok: false });
  });

  it("logs the missing variables once per instance", async () => {
    vi.resetModules(); // a fresh function instance
    const { default: fresh } = await import("../../netlify/functions/get-posts");
    const envModule = await import("../../src/server/platform/env");
    useEnv({
      ...lambdaEnv(),
      LOG_LEVEL: "error",
      SESSION_SECRET: undefined,
      SALES_EMAIL: "sales@example.com",
    });
    envModule.resetEnv();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    for (let i = 0; i < 3; i++) expect((await fresh(new Request(`${base}/api/get-posts`))).status).toBe(503);
    // An on-demand page of the same instance fails closed too, without a second log line.
    const { withDb } = await import("../../src/server/platform/db/page-db");
    await expect(withDb(async () => "rendered")).rejects.toBeInstanceOf(envModule.ConfigurationError);
    const lines = errors.mock.calls.map((c) => String(c[0]));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("SESSION_SECRET: not set");
    expect(lines[0]).toContain("SALES_EMAIL: still the example value");
    expect(lines[0]).not.toContain("deployed-secret"); // no value of a secret
  });
});

describe("a fully configured deployed function", () => {
  let t: TestDb;
  let s3: S3rver;
  let s3Dir: string;
  let ses: Awaited<ReturnType<typeof sesServer>>;
  let sesPort = 0;
  let dataDir: string;
  let workDir: string;
  const cwd = process.cwd();

  beforeAll(async () => {
    t = await pgliteDb();
    s3Dir = mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
    s3 = new S3rver({
      address: "127.0.0.1",
      port: 0,
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: "uploads", configs: [] }],
    });
    const s3Port = ((await s3.run()) as AddressInfo).port;
    ses = await sesServer({ host: "127.0.0.1", port: 0 });
    sesPort = (ses.address() as AddressInfo).port;
    const root = mkdtempSync(path.join(os.tmpdir(), "deployed-"));
    dataDir = path.join(root, "data"); // does not exist; must never be made
    workDir = mkdtempSync(path.join(root, "cwd-"));
    // The function's own files, as Netlify ships them beside the health function.
    const taskRoot = mkdtempSync(path.join(root, "task-"));
    cpSync(path.join(cwd, "db"), path.join(taskRoot, "db"), { recursive: true });
    process.chdir(workDir); // relative paths would land here
    useEnv({ ...lambdaEnv(s3Port, sesPort), DATA_DIR: dataDir, LAMBDA_TASK_ROOT: taskRoot });
    ports = { db: t.db }; // only the database is handed in
  });
  afterAll(async () => {
    process.chdir(cwd);
    ports = {};
    await s3.close();
    ses.close();
    await t.close();
  });

  it("stores an inquiry's file in S3 and mails sales through SES, writing nothing locally", async () => {
    const res = await submit(
      new Request(`${base}/api/submit`, {
        method: "POST",
        headers: { origin: base },
        body: contactForm({}, { bytes: PDF, name: "brief.pdf", type: "application/pdf" }),
      }),
    );
    expect(res.status).toBe(200);
    const [row] = await t.db.query<{ id: number; file_key: string }>(
      "SELECT id, file_key FROM inquiries ORDER BY id DESC LIMIT 1",
    );
    expect(existsSync(path.join(s3Dir, "uploads", row!.file_key.split("/")[0]!))).toBe(true);

    const reset = await forgotPassword(
      new Request(`${base}/api/forgot-password`, {
        method: "POST",
        headers: { origin: base, "content-type": "application/json" },
        body: JSON.stringify({ email: "nobody@nimbus-cloud-ops.test" }),
      }),
    );
    expect(reset.status).toBeLessThan(500);

    const store = (await (await fetch(`http://127.0.0.1:${sesPort}/store`)).json()) as {
      emails: { destination: { to: string[] }; body: { text: string } }[];
    };
    const toSales = store.emails.filter((m) => m.destination.to.includes("sales@nimbus-cloud-ops.test"));
    expect(toSales).toHaveLength(1);
    // The mail names the file and links to the lead in the dashboard (sign-in required), never to
    // the file itself: no S3 address, no signed link, no local /api/files link.
    const text = toSales[0]!.body.text;
    expect(text).toContain("brief.pdf");
    expect(text).toContain(`/dashboard/leads#lead-${row!.id}`);
    expect(text).not.toContain("127.0.0.1"); // the S3 endpoint
    expect(text).not.toContain(row!.file_key);
    expect(text).not.toMatch(/X-Amz-Signature/i);
    expect(text).not.toContain("/api/files/");

    expect(existsSync(dataDir)).toBe(false);
    expect(readdirSync(workDir)).toEqual([]);
  });

  it("reports S3, SES and current migrations to a root_admin on /api/health", async () => {
    const staff = await createStaffCookies(t.db);
    const res = await health(new Request(`${base}/api/health`, { headers: staff.headers.root_admin }));
    const body = (await res.json()) as Record<string, unknown>;
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({
      ok: true,
      adapters: { storage: "s3 (custom endpoint)", mail: "ses (custom endpoint)" },
      migrations: { current: true, pending: [] },
    });
    expect(JSON.stringify(body)).not.toMatch(/S3RVER|deployed-secret|db\.internal/);
    expect(existsSync(dataDir)).toBe(false);
    expect(readdirSync(workDir)).toEqual([]);
  });
});
