import { describe, expect, it } from "vitest";
import { parseTrust } from "../../src/config/trust-schema";
import { trustProblems } from "../../src/config/production-check";
import { documentLink, validSignature } from "../../src/server/common/document-links";
import { subprocessorFeed } from "../../src/shared/trust/feed";
import { securityTxt } from "../../src/shared/trust/security-txt";
import { trustRequestSchema, TRUST_MESSAGES } from "../../src/shared/trust/trust";
import trustJson from "../../src/config/trust.json" with { type: "json" };

describe("security.txt (RFC 9116)", () => {
  const now = new Date("2026-11-29T06:00:00.000Z");
  const txt = securityTxt({
    base: "https://www.nimbus.test/",
    contact: "mailto:security@nimbus.test",
    preferredLanguages: ["en", "hi"],
    expiresInDays: 365,
    now,
  });
  it("has the five fields, absolute addresses and an expiry at most a year after the build", () => {
    expect(txt).toBe(
      [
        "Contact: mailto:security@nimbus.test",
        "Expires: 2027-11-29T06:00:00Z",
        "Policy: https://www.nimbus.test/security",
        "Preferred-Languages: en, hi",
        "Canonical: https://www.nimbus.test/.well-known/security.txt",
        "",
      ].join("\n"),
    );
  });
  it("never expires later than a year, whatever the setting", () => {
    const far = securityTxt({
      base: "https://x.test",
      contact: "mailto:a@x.test",
      preferredLanguages: ["en"],
      expiresInDays: 9999,
      now,
    });
    expect(far).toContain("Expires: 2027-11-29T06:00:00Z");
  });
});

describe("the trust center's file", () => {
  it("parses as shipped, and a production build refuses its example contact and demo certifications", () => {
    const trust = parseTrust(trustJson);
    const where = trustProblems(trust).map((p) => p.where);
    expect(where).toContain("src/config/trust.json: securityTxt.contact");
    expect(where.filter((w) => w.includes("certification"))).toHaveLength(trust.certifications.length);
  });
  it("names a wrong status and a missing auditor", () => {
    expect(() =>
      parseTrust({
        certifications: [
          { name: "SOC 2 Type II", summary: "Examined yearly.", status: "achieved", date: "2026-01-01" },
        ],
        securityTxt: { contact: "mailto:s@x.test", preferredLanguages: ["en"] },
      }),
    ).toThrow(/certifications\.0\.auditor/);
    expect(() =>
      parseTrust({
        certifications: [{ name: "SOC 2", summary: "Examined yearly.", status: "maybe" }],
        securityTxt: { contact: "security@x.test", preferredLanguages: ["en"] },
      }),
    ).toThrow(/securityTxt\.contact/);
  });
});

describe("a request for restricted documents", () => {
  const schema = trustRequestSchema({ blockedDomains: ["gmail.com"] });
  const ok = {
    name: "Dana",
    email: "dana@acme.test",
    company: "Acme",
    documents: "soc2-report",
    ndaAccepted: "true",
  };
  it("takes the browser's own post (one ticked document as a string)", () => {
    expect(schema.parse(ok)).toMatchObject({ documents: ["soc2-report"], ndaAccepted: true });
  });
  it.each([
    [{ ...ok, ndaAccepted: undefined }, TRUST_MESSAGES.nda],
    [{ ...ok, ndaAccepted: false }, TRUST_MESSAGES.nda],
    [{ ...ok, documents: [] }, TRUST_MESSAGES.documents],
    [{ ...ok, email: "dana@gmail.com" }, TRUST_MESSAGES.email],
  ])("refuses %o with its message", (input, message) => {
    const r = schema.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toContain(message);
  });
});

describe("document links", () => {
  const secret = "s".repeat(32);
  const link = { request: 7, document: "soc2-report", exp: 1_800_000_000 };
  const sigOf = (url: string) => new URL(url).searchParams.get("sig")!;
  it("are signed for their request, document and expiry only", () => {
    const url = documentLink("https://x.test/", secret, link);
    expect(url).toMatch(/^https:\/\/x\.test\/api\/trust-document\/soc2-report\?exp=1800000000&sig=/);
    const sig = sigOf(url);
    expect(validSignature(secret, link, sig)).toBe(true);
    expect(validSignature(secret, { ...link, request: 8 }, sig)).toBe(false);
    expect(validSignature(secret, { ...link, document: "pentest-summary" }, sig)).toBe(false);
    expect(validSignature(secret, { ...link, exp: link.exp + 1 }, sig)).toBe(false);
    expect(validSignature("t".repeat(32), link, sig)).toBe(false);
    expect(validSignature(secret, link, `${sig.slice(0, -1)}x`)).toBe(false);
  });
});

describe("the feed of subprocessor changes", () => {
  it("is RSS 2.0 with one item per change, its text escaped", () => {
    const xml = subprocessorFeed({
      base: "https://x.test",
      company: "Nimbus",
      page: "/trust",
      changes: [
        { id: 3, action: "added", name: "A & B <Cloud>", summary: "Hosting", at: "2026-11-29T06:00:00.000Z" },
      ],
    });
    expect(xml).toContain('<rss version="2.0">');
    expect(xml).toContain("<title>Added: A &amp; B &lt;Cloud&gt;</title>");
    expect(xml).toContain("<pubDate>Sun, 29 Nov 2026 06:00:00 GMT</pubDate>");
  });
});
