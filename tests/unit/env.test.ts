import { describe, expect, it } from "vitest";
import { loadEnv } from "../../src/server/platform/env";

describe("loadEnv", () => {
  it("chooses the embedded defaults with no settings", () => {
    const e = loadEnv({});
    expect(e.port).toBe(4321);
    expect(e.dataDir.endsWith(".data")).toBe(true);
    expect(e.database.driver).toBe("none");
    expect(e.storage.kind).toBe("local");
    expect(e.mail.kind).toBe("outbox");
    expect(e.rateLimits).toBe(true);
    expect(e.blockedEmailDomains).toContain("gmail.com");
  });

  it.each([
    ["postgres://u:p@ep-cool-1.us-east-2.aws.neon.tech/db?sslmode=require", "auto", "neon"],
    ["postgres://postgres@127.0.0.1:5432/postgres", "auto", "pg"],
    ["postgres://postgres@127.0.0.1:5432/postgres", "neon", "neon"],
  ])("picks the database driver for %s (%s)", (url, driver, expected) => {
    expect(loadEnv({ DATABASE_URL: url, DATABASE_DRIVER: driver }).database.driver).toBe(expected);
  });

  it("uses S3 and SES when configured", () => {
    const e = loadEnv({ S3_BUCKET: "b", SES_ENDPOINT: "http://127.0.0.1:1" });
    expect(e.storage.kind).toBe("s3");
    expect(e.mail.kind).toBe("ses");
  });

  it("refuses a deployed function without a session secret or database", () => {
    expect(() => loadEnv({ AWS_LAMBDA_FUNCTION_NAME: "f" })).toThrow(/SESSION_SECRET/);
    expect(() => loadEnv({ LAMBDA_TASK_ROOT: "/var/task", SESSION_SECRET: "x".repeat(40) })).toThrow(
      /DATABASE_URL/,
    );
  });

  it("rejects malformed values with a readable message", () => {
    expect(() => loadEnv({ PORT: "http" })).toThrow(/PORT/);
    expect(() => loadEnv({ SITE_URL: "not a url" })).toThrow(/SITE_URL/);
  });

  it("switches rate limits off for load tests", () => {
    expect(loadEnv({ RATE_LIMITS: "off" }).rateLimits).toBe(false);
  });
});
