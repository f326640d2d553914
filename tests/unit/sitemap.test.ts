import { describe, expect, it } from "vitest";
import { PUBLIC_PAGES, robotsTxt, sitemapXml } from "../../src/shared/common/sitemap";

describe("sitemapXml", () => {
  it("lists absolute URLs with lastmod and escapes XML", () => {
    const xml = sitemapXml("https://nimbus.example/", [
      { path: "/" },
      { path: "/contact" },
      { path: "/blog/3", lastmod: "2025-01-02T00:00:00.000Z" },
      { path: "/a&b" },
    ]);
    expect(xml).toContain("<loc>https://nimbus.example/</loc>");
    expect(xml).toContain("<loc>https://nimbus.example/contact</loc>");
    expect(xml).toContain(
      "<url><loc>https://nimbus.example/blog/3</loc><lastmod>2025-01-02T00:00:00.000Z</lastmod></url>",
    );
    expect(xml).toContain("/a&amp;b");
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });
});

describe("PUBLIC_PAGES", () => {
  it("holds every marketing route of SPEC section 2 exactly once", () => {
    for (const p of [
      "/",
      "/about",
      "/service",
      "/product",
      "/poppage",
      "/managed-cloud-services",
      "/managed-container-service",
      "/data-warehousing",
      "/microservice-development",
      "/outsourcing",
      "/l1-support",
      "/AI-powered-container-platform",
      "/dedicated-AI",
      "/contact",
      "/case-studies",
      "/blog",
      "/careers",
      "/privacy",
    ])
      expect(PUBLIC_PAGES).toContain(p);
    expect(new Set(PUBLIC_PAGES).size).toBe(PUBLIC_PAGES.length);
    expect(PUBLIC_PAGES.some((p) => /^\/(admin|dashboard|api)/.test(p))).toBe(false);
  });
});

describe("robotsTxt", () => {
  it("disallows staff and API paths and gives an absolute sitemap URL", () => {
    const txt = robotsTxt("https://nimbus.example/");
    expect(txt).toMatch(/^Disallow: \/admin$/m);
    expect(txt).toMatch(/^Disallow: \/dashboard$/m);
    expect(txt).toMatch(/^Disallow: \/api$/m);
    expect(txt).toMatch(/^Sitemap: https:\/\/nimbus\.example\/sitemap\.xml$/m);
  });
});
