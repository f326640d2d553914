import { describe, expect, it } from "vitest";
import { blogListPath, parseListQuery, parsePostId, summarize } from "../../src/shared/blog/blog";
import { commentErrors, commentSchema } from "../../src/shared/blog/comments";

describe("parseListQuery", () => {
  it.each([
    ["", { ok: true, tag: undefined, page: 1 }],
    ["tag=Containers", { ok: true, tag: "Containers", page: 1 }],
    ["tag=Cloud+Computing&page=2", { ok: true, tag: "Cloud Computing", page: 2 }],
    ["page=10000", { ok: true, tag: undefined, page: 10000 }],
    ["tag=Gardening", { ok: false }],
    ["tag=containers", { ok: false }],
    ["tag=", { ok: false }],
    ["page=0", { ok: false }],
    ["page=01", { ok: false }],
    ["page=-1", { ok: false }],
    ["page=2.5", { ok: false }],
    ["page=abc", { ok: false }],
    ["page=10001", { ok: false }],
  ])("%j -> %j", (query, expected) => {
    expect(parseListQuery(new URLSearchParams(query))).toEqual(expected);
  });
});

describe("blogListPath", () => {
  it.each([
    [{}, "/blog"],
    [{ page: 1 }, "/blog"],
    [{ page: 3 }, "/blog?page=3"],
    [{ tag: "Data Science" as const }, "/blog?tag=Data+Science"],
    [{ tag: "Networking" as const, page: 2 }, "/blog?tag=Networking&page=2"],
  ])("%j -> %s", (opts, path) => {
    expect(blogListPath(opts)).toBe(path);
    // Every path it makes is one parseListQuery reads back.
    expect(parseListQuery(new URL(path, "http://x").searchParams)).toMatchObject({ ok: true });
  });
});

describe("parsePostId", () => {
  it.each([
    ["1", 1],
    ["42", 42],
    ["999999999", 999999999],
    ["0", undefined],
    ["01", undefined],
    ["-1", undefined],
    ["1.0", undefined],
    ["abc", undefined],
    ["1000000000", undefined],
    [undefined, undefined],
  ])("%j -> %j", (value, id) => {
    expect(parsePostId(value)).toBe(id);
  });
});

describe("summarize", () => {
  it("keeps short text and flattens line breaks", () => {
    expect(summarize("One\n\ntwo  three", 50)).toBe("One two three");
  });
  it("cuts long text at a word boundary with an ellipsis", () => {
    const s = summarize("alpha beta gamma delta epsilon zeta eta theta", 20);
    expect(s.length).toBeLessThanOrEqual(20);
    expect(s).toBe("alpha beta gamma…");
  });
});

describe("comment rules shared by the form and the API", () => {
  const ok = { post_id: "3", name: "Ana", email: "ana@acme.test", comment: "Hello" };
  it("accepts a complete comment and trims it", () => {
    expect(commentSchema.parse({ ...ok, name: "  Ana  " })).toMatchObject({ post_id: 3, name: "Ana" });
    expect(commentErrors(ok)).toEqual({});
  });
  it("names each blank field with its own message", () => {
    expect(commentErrors({ post_id: 3, name: "", email: " ", comment: "\n" })).toEqual({
      name: "Please enter your name.",
      email: "Please enter your email.",
      comment: "Please enter your comment.",
    });
  });
  it("explains the limits", () => {
    expect(commentErrors({ ...ok, name: "x".repeat(101) }).name).toBe(
      "Your name can be at most 100 characters.",
    );
    expect(commentErrors({ ...ok, comment: "x".repeat(2001) }).comment).toBe(
      "Your comment can be at most 2,000 characters.",
    );
    expect(commentErrors({ ...ok, email: "ana@" }).email).toBe("Please enter a valid email address.");
  });
});

describe("post addresses and reading stats", () => {
  it("makes slugs from titles: accents folded, words joined by hyphens, never digits alone", async () => {
    const { slugify, parsePostSlug } = await import("../../src/shared/blog/blog");
    expect(slugify("Zero Trust: für kleine Büros!")).toBe("zero-trust-fur-kleine-buros");
    expect(slugify("  --Hello,   World--  ")).toBe("hello-world");
    expect(slugify("2026")).toBe("post-2026");
    expect(slugify("!!!")).toBe("post-untitled");
    expect(slugify("Preview")).toBe("post-preview");
    expect(slugify("a".repeat(200)).length).toBeLessThanOrEqual(70);
    expect(parsePostSlug("hello-world")).toBe("hello-world");
    for (const bad of ["123", "Hello", "a--b", "-a", "a-", "a b", "", undefined, "x".repeat(81)])
      expect(parsePostSlug(bad)).toBeUndefined();
  });

  it("counts words a reader reads and rounds the reading time to whole minutes", async () => {
    const { readingStats } = await import("../../src/shared/blog/blog");
    expect(readingStats("")).toEqual({ words: 0, minutes: 0 });
    expect(readingStats("## Two words")).toEqual({ words: 2, minutes: 1 });
    expect(readingStats("See [the guide](https://example.com/a-very-long-path) now").words).toBe(4);
    expect(readingStats("![A chart](/api/media/public/x.webp)").words).toBe(2);
    expect(readingStats("word ".repeat(660)).minutes).toBe(3);
  });
});
