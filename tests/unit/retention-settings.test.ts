/**
 * The retention lifetimes: one variable per kind of personal data, validated alike by the server's
 * settings and the build's (the privacy notice is prerendered from the build's copy).
 */
import { describe, expect, it } from "vitest";
import { loadEnv } from "../../src/server/platform/env";
import { loadPublicEnv } from "../../src/config/public-env";
import { RETENTION_KINDS } from "../../src/shared/privacy/retention";

describe("retention settings", () => {
  it("default to the table's lifetimes on the server and in the build", () => {
    const defaults = Object.fromEntries(RETENTION_KINDS.map((k) => [k.key, k.defaultDays]));
    expect(loadEnv({}).retention).toEqual(defaults);
    expect(loadPublicEnv({}).retention).toEqual(defaults);
    expect(defaults).toMatchObject({
      applications: 365,
      talentPool: 730,
      leads: 1095,
      commentEmails: 180,
      shortLived: 30,
      auditAddresses: 30,
      audit: 365,
    });
  });

  it.each(RETENTION_KINDS.map((k) => [k.variable, k.key] as const))(
    "%s changes its lifetime on both sides",
    (variable, key) => {
      expect(loadEnv({ [variable]: "42" }).retention[key]).toBe(42);
      expect(loadPublicEnv({ [variable]: " 42 " }).retention[key]).toBe(42);
    },
  );

  it.each(["0", "3651", "1.5", "ten", "-3"])("refuses %s with a message naming the variable", (bad) => {
    expect(() => loadEnv({ RETENTION_LEAD_DAYS: bad })).toThrow(
      /RETENTION_LEAD_DAYS must be a whole number of days from 1 to 3650/,
    );
    expect(() => loadPublicEnv({ RETENTION_LEAD_DAYS: bad })).toThrow(/RETENTION_LEAD_DAYS/);
  });

  it("keeps AUDIT_RETENTION_DAYS as the audit trail's lifetime", () => {
    expect(loadEnv({ AUDIT_RETENTION_DAYS: "90" }).auditRetentionDays).toBe(90);
  });
});
