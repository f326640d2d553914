/**
 * SECURITY.md stays true: every test its promise table names exists (as the title of a test or a
 * group in that file), and its limits table states the numbers the code uses.
 */
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CODE_TTL_SECONDS } from "../../src/server/common/codes";
import {
  CODE_MAX_ATTEMPTS,
  CODE_RESEND_SECONDS,
  CODES_PER_DAY,
  WRONG_TRIES_PER_DAY,
} from "../../src/server/common/policies";
import { CLIENT_LIMITS } from "../../src/server/common/policies";
import { LOCK_NOTICES_DAILY_MAX, RECIPIENT_DAILY_MAX } from "../../src/server/common/policies";
import { MAX_MULTIPART_BODY, MAX_TEXT_BODY } from "../../src/server/http/body";
import { LOGIN_POLICY } from "../../src/server/common/policies";
import { SESSION_ABSOLUTE_SECONDS, SESSION_IDLE_SECONDS } from "../../src/server/common/session-token";
import { VERIFICATION_MINUTES } from "../../src/shared/careers/careers-common";
import { MAX_FILES_LABEL } from "../../src/shared/common/upload-limits";
import { MAX_DOCUMENT_LABEL } from "../../src/shared/trust/trust";
import { UPLOAD_LINK_SECONDS } from "../../src/server/trust/document-admin";
import { PASSWORD_MAX_BYTES, PASSWORD_MIN } from "../../src/shared/staff/password-rules";
import { HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from "../../scripts/lib/local-server";
import { FUNCTION_MEMORY_MB, MAX_IMAGE_MEGAPIXELS } from "../../src/server/platform/images/webp";
import { REPORTS_TO_HIDE } from "../../src/shared/blog/moderation";
import { PUBLIC_WRITES, functionConfigs, rateLimitOf } from "../helpers/function-config";

const doc = readFileSync("SECURITY.md", "utf8");

/** The rows of the first table after `heading`, as cells with markdown escapes undone. */
function tableAfter(heading: string): string[][] {
  const start = doc.indexOf(heading);
  expect(start, heading).toBeGreaterThanOrEqual(0);
  const rows: string[][] = [];
  for (const line of doc.slice(start).split("\n").slice(1)) {
    if (!line.startsWith("|")) {
      if (rows.length) break;
      continue;
    }
    const cells = line
      .slice(1, -1)
      .split(" | ")
      .map((c) => c.trim().replace(/\\(.)/g, "$1"));
    if (/^-+$/.test(cells[0] ?? "")) continue;
    rows.push(cells);
  }
  return rows.slice(1); // without the header
}

/** Titles of tests and groups: the first string of it(, test(, describe( and of each(...)(. */
function titles(source: string): string[] {
  const re =
    /(?:\b(?:it|test|describe)(?:\.(?:skip|only|concurrent|sequential))?|\))\(\s*(["'`])((?:\\.|(?!\1)[^\\])*)\1/g;
  return [...source.matchAll(re)].map((m) => m[2]!.replace(/\\(.)/g, "$1"));
}

const promises = tableAfter("## Each promise and the test that holds it");

describe("every promise of SECURITY.md names a test that exists", () => {
  it("lists promises", () => expect(promises.length).toBeGreaterThan(40));

  it.each(promises.map(([promise, file, name]) => ({ promise, file, name })))(
    "$promise: $file",
    ({ file, name }) => {
      expect(existsSync(file!), file).toBe(true);
      const found = titles(readFileSync(file!, "utf8")).some((t) => t.includes(name!));
      expect(found, `no test named "${name}" in ${file}`).toBe(true);
    },
  );
});

describe("SECURITY.md's limits", () => {
  const limits = new Map(tableAfter("## Every limit").map(([what, limit]) => [what!, limit!]));
  const row = (what: string) => {
    expect(limits.has(what), what).toBe(true);
    return limits.get(what)!;
  };
  const hour = 3600;
  const minutes = (s: number) => s / 60;

  it("the limits table states the numbers the code uses", () => {
    const L = CLIENT_LIMITS;
    expect(row("sign-in attempts per client address")).toBe(
      `${L.login.max} per ${minutes(L.login.windowSeconds)} minutes`,
    );
    expect(row("password guesses per e-mail address")).toContain(
      `${LOGIN_POLICY.lockAfter} per ${LOGIN_POLICY.lockMinutes}-minute window`,
    );
    expect(row("slower answers")).toBe(
      `from the ${LOGIN_POLICY.delayAfter}rd failed guess: ${LOGIN_POLICY.delayBaseMs} ms, doubling, at most ${LOGIN_POLICY.delayMaxMs / 1000} s`,
    );
    expect(row("session")).toBe(
      `${SESSION_ABSOLUTE_SECONDS / hour} hours at most, ${minutes(SESSION_IDLE_SECONDS)} minutes idle`,
    );
    expect(row("password length")).toBe(
      `at least ${PASSWORD_MIN} characters (code points), at most ${PASSWORD_MAX_BYTES} bytes (UTF-8)`,
    );
    expect(row("e-mail code")).toBe(
      `valid ${minutes(CODE_TTL_SECONDS)} minutes, ${CODE_MAX_ATTEMPTS} wrong tries, at most 1 new code a minute per address`,
    );
    expect(CODE_RESEND_SECONDS).toBe(60);
    expect(row("e-mail codes per address and day (per purpose)")).toContain(
      `${CODES_PER_DAY} codes, ${WRONG_TRIES_PER_DAY} wrong tries`,
    );
    expect(row("mail anyone can ask for (codes, pause notices)")).toContain(
      `${RECIPIENT_DAILY_MAX} per mailbox per day`,
    );
    expect(row("lock notices to an account's owner")).toContain(
      `${LOCK_NOTICES_DAILY_MAX} per mailbox per day`,
    );
    expect(row("application verification")).toBe(`a single-use token, valid ${VERIFICATION_MINUTES} minutes`);
    for (const l of [L.forgotPassword, L.resetPassword, L.codeSend, L.codeVerify, L.application, L.faq])
      expect(l.windowSeconds, l.bucket).toBe(hour);
    expect(row("password reset requests per client address")).toBe(
      `${L.forgotPassword.max} an hour; reset attempts ${L.resetPassword.max} an hour`,
    );
    expect(row("application codes per client address")).toBe(
      `${L.codeSend.max} sent an hour, ${L.codeVerify.max} checks an hour`,
    );
    expect(row("applications per client address")).toContain(`${L.application.max} an hour`);
    expect(row("FAQ questions per client address")).toBe(`${L.faq.max} an hour`);
    expect(row("comments per client address")).toBe(
      `${L.comment.max} per ${minutes(L.comment.windowSeconds)} minutes`,
    );
    expect(row("contact inquiries per client address")).toBe(
      `${L.contact.max} per ${minutes(L.contact.windowSeconds)} minutes`,
    );
    expect(row("trust center document (PDF, signed upload)")).toBe(
      `${MAX_DOCUMENT_LABEL}; its upload link valid ${UPLOAD_LINK_SECONDS / 60} minutes`,
    );
    expect(row("request body")).toBe(
      `${MAX_TEXT_BODY / 1e6} MB for JSON and form-encoded, ${MAX_MULTIPART_BODY / 1e6} MB for multipart (one ${MAX_FILES_LABEL} file and its fields)`,
    );
    expect(row("uploaded file")).toBe(MAX_FILES_LABEL);
  });
});

/** The document's prose, one line, without markdown's line breaks. */
const prose = doc.replace(/\s*\n\s*/g, " ");

describe("SECURITY.md's claims", () => {
  it("states the pictures' cap and the memory it comes from", () => {
    expect(prose).toContain(`one of more than ${MAX_IMAGE_MEGAPIXELS} megapixels is refused before decoding`);
    expect(prose).toContain(`from the memory a function has, ${FUNCTION_MEMORY_MB} MB`);
  });

  it("states the local server's limits for slow clients, and the page paths' 404", () => {
    expect(prose).toContain(
      `${HEADERS_TIMEOUT_MS / 1000} seconds to send a request's headers and ${REQUEST_TIMEOUT_MS / 1000} for the whole request`,
    );
    expect(prose).toContain("a 404, for an endpoint and for a page");
    expect(prose).toContain("such as TRACE, with 405");
  });

  it("states IPv6 webhook destinations as global unicast only", () => {
    expect(prose).toContain("an IPv6 address must be global unicast, 2000::/3");
  });

  it("states that reports hide a comment only until staff approve it", () => {
    expect(prose).toContain(
      `Reports from ${REPORTS_TO_HIDE} addresses hide a public comment until staff review it`,
    );
    expect(prose).toContain("a comment staff approved stays public when reported again");
  });

  it("states the edge's rate limit each public write endpoint has", () => {
    const limits = new Map(tableAfter("## Every limit").map(([what, limit]) => [what!, limit!]));
    const stated = limits.get("every public write endpoint, at Netlify's edge");
    const files = functionConfigs.filter((f) => PUBLIC_WRITES.some((c) => f.paths.includes(c.path)));
    expect(files.length).toBeGreaterThan(10);
    for (const f of files) {
      const limit = rateLimitOf(f.config)!;
      expect(stated, f.name).toBe(
        `${limit.windowLimit} per ${limit.windowSize} seconds per client address and site, before the function runs`,
      );
    }
  });
});
