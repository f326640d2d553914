/**
 * The one rule for text (src/server/common/validate.ts, `textProblem`): in every text field of every
 * endpoint, JSON, form-encoded or multipart, and in every validated query parameter, a NUL,
 * another C0 control character (tab, line feed and carriage return excepted), DEL or a lone UTF-16
 * surrogate is refused with a 400 that names the field, and so is an over-long value; nothing is
 * stored. Tab, line feed and carriage return still pass. The endpoints and their fields come from
 * the catalogue that tests/api/hostile.test.ts checks against netlify/functions.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadFunctions, route, type LoadedFunction } from "../../scripts/lib/functions";
import { createApp } from "../../src/server/http/app";
import { createSession } from "../../src/server/staff/sessions";
import { textProblem } from "../../src/server/common/validate";
import { seed } from "../../scripts/seed/seed";
import { LOCAL_DEMO_STAFF } from "../../scripts/seed/demo-accounts";
import { createLocalStorage } from "../../src/server/platform/storage/local";
import { type MailMessage } from "../../src/server/platform/mail/mail";
import { createOutboxMailer } from "../../src/server/platform/mail/outbox";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { apiDb, type TestDb } from "../helpers/db";
import { ENDPOINTS } from "../helpers/endpoints";
import type { EndpointSpec, FieldKind } from "../helpers/hostile";
import { sampleFile } from "../helpers/office-files";
import type { GivenPorts } from "../helpers/ports";

/** The back ends every call of this file's functions gets (tests/helpers/ports.ts). */
let ports: GivenPorts = {};

const SITE = "http://localhost:4321";
/** A valid file of the kind each required file field of the catalogue takes. */
const FILE_KIND_OF: Record<string, "pdf" | "png"> = { resume: "pdf", image: "png", logo: "png" };
const validFiles = new Map<string, File>();
const TEXT_KINDS = new Set<FieldKind>(["text", "optText", "email", "password", "enum", "optEnum"]);

/** Each bad character, put inside an otherwise valid value. */
const BAD: [string, (v: string) => string][] = [
  ["NUL", (v) => `${v.slice(0, 1)}\u0000${v.slice(1)}`],
  ["a lone high surrogate", (v) => `${v}\uD83D`],
  ["a lone low surrogate", (v) => `\uDE00${v}`],
  ["U+0001", (v) => `${v}\u0001`],
  ["ESC", (v) => `\u001b[31m${v}`],
  ["vertical tab", (v) => `${v}\u000b`],
  ["DEL", (v) => `${v}\u007f`],
];

let t: TestDb;
let fns: LoadedFunction[];
let cookie: string;
let sent: MailMessage[] = [];

beforeAll(async () => {
  t = await apiDb();
  const dir = mkdtempSync(path.join(os.tmpdir(), "text-rule-"));
  const storage = createLocalStorage(path.join(dir, "uploads"), process.env.SESSION_SECRET!);
  const outbox = createOutboxMailer(path.join(dir, "outbox"), "test@example.com");
  const mailer = { send: async (m: MailMessage) => (sent.push(m), outbox.send(m)) };
  await seed(t.db, {
    admin: { email: "root@example.com", password: "root-password-123456" },
    staff: LOCAL_DEMO_STAFF,
    storage,
    dataDir: dir,
  });
  ports = { db: t.db, storage, mail: mailer };
  const app = createApp(new Request(`${SITE}/`), undefined, ports);
  const [root] = await t.db.query<{ id: number }>("SELECT id FROM users WHERE email = 'root@example.com'");
  cookie = `__Host-session=${await createSession(app.deps, root!.id)}`;
  await app.dispose();
  fns = await loadFunctions(undefined, () => ports);
  for (const spec of ENDPOINTS)
    for (const [k, [kind]] of Object.entries(spec.fields ?? {})) {
      if (kind !== "file") continue;
      const fileKind = FILE_KIND_OF[k];
      if (!fileKind) throw new Error(`No valid sample file for the required field ${spec.path} ${k}`);
      const { bytes, name } = await sampleFile(fileKind);
      validFiles.set(k, new File([bytes as Uint8Array<ArrayBuffer>], name));
    }
  // An application must carry the token a right code gives the browser (for the sample's
  // address), so that only the text field is at fault. No request below uses it up.
  const apply = ENDPOINTS.find((e) => e.path === "/api/submit-application")!;
  const email = apply.fields!.email![1];
  sent = [];
  const asked = await send(jsonRequest("/api/send-email-otp", { email }));
  expect(asked.status, asked.text).toBe(200);
  const code = sent.at(-1)!.text.match(/\b(\d{6})\b/)![1]!;
  const fn = route(fns, "/api/verify-email-otp")!;
  const verified = await fn.handler(jsonRequest("/api/verify-email-otp", { email, code }), {});
  expect(await verified.json()).toEqual({ success: true });
  cookie += `; ${verified.headers.get("set-cookie")!.split(";")[0]!}`;
}, 120_000);

afterAll(async () => {
  await t.close();
});

function fieldsOf(spec: EndpointSpec): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, [kind, sample]] of Object.entries(spec.fields ?? {}))
    if (kind !== "file" && kind !== "optFile") out[k] = sample;
  return out;
}

function request(spec: EndpointSpec, fields: Record<string, string>, query = spec.query): Request {
  const q = query ? `?${new URLSearchParams(query)}` : "";
  const url = `${SITE}${spec.path.replace(":id", spec.id ?? "1")}${q}`;
  const headers: Record<string, string> = { cookie, origin: SITE };
  let body: BodyInit | undefined;
  if (spec.body === "json") {
    headers["content-type"] = "application/json";
    body = JSON.stringify(fields);
  } else if (spec.body === "multipart") {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    // A required file is sent valid, so that only the text field is at fault.
    for (const [k, [kind]] of Object.entries(spec.fields ?? {}))
      if (kind === "file") form.append(k, validFiles.get(k)!);
    body = form;
  }
  return new Request(url, { method: spec.method, headers, body });
}

function jsonRequest(p: string, data: unknown): Request {
  return new Request(`${SITE}${p}`, {
    method: "POST",
    headers: { origin: SITE, "content-type": "application/json" },
    body: JSON.stringify(data),
  });
}

async function send(req: Request) {
  const fn = route(fns, new URL(req.url).pathname);
  if (!fn) throw new Error(`No function takes ${req.url}`);
  const res = await fn.handler(req, {});
  const text = await res.text();
  return { status: res.status, text, body: JSON.parse(text) as { error?: string } };
}

async function rowCounts(): Promise<string> {
  const tables = ["users", "posts", "comments", "faqs", "jobs", "applications", "inquiries", "email_codes"];
  const out: string[] = [];
  for (const table of tables) {
    const [r] = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
    out.push(`${table}:${r!.n}`);
  }
  return out.join(" ");
}

/** Every (endpoint, field) pair that carries text, from the catalogue. */
const TEXT_FIELDS = ENDPOINTS.flatMap((spec) => [
  ...Object.entries(spec.fields ?? {})
    .filter(([, [kind]]) => TEXT_KINDS.has(kind))
    .map(([name]) => ({ spec, name, where: "body" as const })),
  ...Object.keys(spec.query ?? {}).map((name) => ({ spec, name, where: "query" as const })),
]);

describe("the text rule", () => {
  it("finds each kind of bad text, and lets tab, line feed and carriage return through", () => {
    for (const [label, put] of BAD) expect(textProblem(put("abc")), label).toBeDefined();
    expect(textProblem("a\tb\nc\r\nd")).toBeUndefined();
    expect(textProblem("Zoë 日本 🧨 \u202e")).toBeUndefined();
  });

  it("covers fields of every body kind and query strings", () => {
    const kinds = new Set(TEXT_FIELDS.map((f) => f.spec.body ?? f.where));
    expect([...kinds].sort()).toEqual(["json", "multipart", "query"]);
    expect(TEXT_FIELDS.length).toBeGreaterThan(40);
  });
});

describe.each(
  TEXT_FIELDS.map((f) => ({ ...f, label: `${f.spec.method} ${f.spec.path} ${f.where} ${f.name}` })),
)("$label", ({ spec, name, where }) => {
  it("refuses control characters and lone surrogates with a 400 naming the field, storing nothing", async () => {
    for (const [label, put] of BAD) {
      // A multipart body is UTF-8 bytes: a lone surrogate cannot be written into one (the
      // encoder makes it U+FFFD), so it can only arrive in JSON or a query string.
      if (label.includes("surrogate") && where === "body" && spec.body === "multipart") continue;
      const before = await rowCounts();
      const fields = fieldsOf(spec);
      const query = { ...spec.query };
      if (where === "body") fields[name] = put(fields[name] ?? "x");
      else query[name] = put(query[name] ?? "x");
      const res = await send(request(spec, fields, query));
      expect(res.status, `${label}: ${res.text}`).toBe(400);
      expect(res.body.error, label).toContain(name);
      expect(await rowCounts(), `${label} stored something`).toBe(before);
    }
  });

  if (where === "body")
    it("refuses an over-long value with a 4xx", async () => {
      const fields = fieldsOf(spec);
      fields[name] = "x".repeat(1_000_001);
      const res = await send(request(spec, fields));
      expect(res.status, res.text).toBeGreaterThanOrEqual(400);
      expect(res.status, res.text).toBeLessThan(500);
      expect(res.body.error).toBeTruthy();
    });
});
