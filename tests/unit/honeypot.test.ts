/** One honeypot rule for every public form (src/server/common/honeypot.ts). */
import { describe, expect, it } from "vitest";
import { HONEYPOT_FIELD as COMMENT_FIELD } from "../../src/shared/blog/comments";
import { HONEYPOT_FIELD as CONTACT_FIELD } from "../../src/shared/contact/rules";
import { HONEYPOT_FIELD, isBot } from "../../src/server/common/honeypot";

describe("isBot", () => {
  it.each([
    [{}, false],
    [{ [HONEYPOT_FIELD]: "" }, false],
    [{ [HONEYPOT_FIELD]: undefined }, false],
    [{ [HONEYPOT_FIELD]: "https://spam.example" }, true],
    [{ [HONEYPOT_FIELD]: " " }, true],
    [{ [HONEYPOT_FIELD]: ["", "x"] }, true],
    [{ [HONEYPOT_FIELD]: ["", ""] }, false],
  ])("%j -> %s", (fields, bot) => {
    expect(isBot(fields)).toBe(bot);
  });

  it("checks the field the forms render", () => {
    expect(CONTACT_FIELD).toBe(HONEYPOT_FIELD);
    expect(COMMENT_FIELD).toBe(HONEYPOT_FIELD);
  });
});
