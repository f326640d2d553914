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
    expect(e.siteUrl).toBe("http://localhost:4321");
  });

  it("links mails to the port the server runs on when SITE_URL is not set", () => {
    expect(loadEnv({ PORT: "4400" }).siteUrl).toBe("http://localhost:4400");
    expect(loadEnv({ PORT: "4400", SITE_URL: "https://www.company.test/" }).siteUrl).toBe(
      "https://www.company.test",
    );
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

  it("gives a deployed function the Neon driver only (pg is not in its zip)", () => {
    const deployed = {
      AWS_LAMBDA_FUNCTION_NAME: "f",
      SITE_URL: "https://www.company.test",
      SESSION_SECRET: "x".repeat(40),
      DATABASE_URL: "postgres://u:p@db.company.test/app",
      S3_BUCKET: "b",
      APP_AWS_ACCESS_KEY_ID: "k",
      APP_AWS_SECRET_ACCESS_KEY: "s",
      MAIL_FROM: "Sales <sales@company.test>",
      SALES_EMAIL: "sales@company.test",
    };
    expect(loadEnv(deployed).database.driver).toBe("neon");
    expect(() => loadEnv({ ...deployed, DATABASE_DRIVER: "pg" })).toThrow(/DATABASE_DRIVER/);
  });

  it("reads the response-time targets, 60 minutes and 24 hours unless set", () => {
    expect(loadEnv({}).targets).toEqual({ firstMinutes: 60, proposalMinutes: 1440 });
    expect(
      loadEnv({ RESPONSE_TARGET_FIRST_MINUTES: "30", RESPONSE_TARGET_PROPOSAL_HOURS: "48" }).targets,
    ).toEqual({
      firstMinutes: 30,
      proposalMinutes: 2880,
    });
    expect(() => loadEnv({ RESPONSE_TARGET_FIRST_MINUTES: "2" })).toThrow(/RESPONSE_TARGET_FIRST_MINUTES/);
  });

  it("rejects malformed values with a readable message", () => {
    expect(() => loadEnv({ PORT: "http" })).toThrow(/PORT/);
    expect(() => loadEnv({ SITE_URL: "not a url" })).toThrow(/SITE_URL/);
  });

  it("switches rate limits off for load tests", () => {
    expect(loadEnv({ RATE_LIMITS: "off" }).rateLimits).toBe(false);
  });
});
