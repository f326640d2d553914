import { describe, expect, it } from "vitest";
import { privacyNotice } from "../../src/content/privacy";
import { loadPublicEnv } from "../../src/config/public-env";
import { consentTexts, formatLifetime, retentionRows } from "../../src/shared/privacy/notice";
import { RETENTION_KINDS } from "../../src/shared/privacy/retention";

/**
 * The notice's figures come from the settings the housekeeping job reads: the build's public
 * settings (loadPublicEnv) go through retentionRows into the table and every group of the page.
 * The built page itself is checked in tests/e2e/privacy-notice.spec.ts and, built with a lifetime that is
 * not the default, in tests/e2e-analytics/consent.spec.ts.
 */
describe("formatLifetime", () => {
  it.each([
    [1, "1 day"],
    [30, "30 days"],
    [45, "45 days"],
    [61, "2 months"],
    [180, "6 months"],
    [200, "200 days"],
    [365, "12 months"],
    [548, "18 months"],
    [730, "24 months"],
    [1095, "36 months"],
  ])("%i days reads %s", (days, words) => {
    expect(formatLifetime(days)).toBe(words);
  });
});

describe("the retention table of the notice", () => {
  it("has one row per kind of the retention table, in its order, with the default lifetimes", () => {
    const rows = retentionRows(loadPublicEnv({}).retention);
    expect(rows.map((r) => r.key)).toEqual(RETENTION_KINDS.map((k) => k.key));
    expect(rows.map((r) => r.days)).toEqual(RETENTION_KINDS.map((k) => k.defaultDays));
    expect(rows.find((r) => r.key === "leads")!.lifetime).toBe("1095 days (36 months)");
    expect(rows.find((r) => r.key === "auditAddresses")!.lifetime).toBe("30 days");
  });

  it.each(RETENTION_KINDS.map((k) => [k.variable, k.key] as const))(
    "follows %s when it is changed",
    (variable, key) => {
      const retention = loadPublicEnv({ [variable]: "1234" }).retention;
      const { rows, groups } = privacyNotice({ retention, privacyEmail: "privacy@example.com" });
      const row = rows.find((r) => r.key === key)!;
      expect(row.days).toBe(1234);
      expect(row.lifetime).toBe("1234 days");
      // Every other row keeps its default.
      for (const r of rows.filter((x) => x.key !== key))
        expect(r.days).toBe(RETENTION_KINDS.find((k) => k.key === r.key)!.defaultDays);
      // A group that states this lifetime states the new one.
      for (const g of groups)
        for (const kept of g.kept.filter((x) => x.key === key)) expect(kept.lifetime).toBe("1234 days");
    },
  );

  it("names every kind of data in some group of people, and every group says how long", () => {
    const { groups } = privacyNotice({
      retention: loadPublicEnv({}).retention,
      privacyEmail: "p@example.com",
    });
    const named = new Set(groups.flatMap((g) => g.kept.map((r) => r.key)));
    expect([...named].sort()).toEqual(RETENTION_KINDS.map((k) => k.key).sort());
    for (const g of groups) expect(g.kept.length, g.id).toBeGreaterThan(0);
    expect(groups.map((g) => g.id)).toEqual([
      "buyers",
      "reviewers",
      "candidates",
      "readers",
      "staff",
      "visitors",
    ]);
  });
});

describe("the application's consent sentences", () => {
  it("say the lifetimes of the settings in months", () => {
    const texts = consentTexts(
      loadPublicEnv({ RETENTION_APPLICATION_DAYS: "548", RETENTION_TALENT_POOL_DAYS: "1095" }).retention,
    );
    expect(texts.privacy).toBe(
      "I have read the privacy notice and agree that my application is kept for 18 months.",
    );
    expect(texts.talentPool).toContain("for 36 months");
    expect(consentTexts(loadPublicEnv({}).retention).privacy).toContain("kept for 12 months.");
  });
});
