/**
 * Generators of bad requests for every /api endpoint: wrong methods and content types, broken
 * bodies, missing fields, wrong types, 1 MB strings, injection strings and unicode edge cases,
 * hostile ids, and files whose name or declared type lies about their bytes. Each generated
 * request is invalid by construction: the endpoint must refuse it with a 4xx.
 */
import fc from "fast-check";

export type FieldKind =
  | "text" // required free text
  | "optText" // optional free text
  | "email"
  | "enum"
  | "optEnum" // optional, with a default
  | "number"
  | "optNumber"
  | "id"
  | "optId"
  | "file"
  | "optFile"
  | "password";

export interface EndpointSpec {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** Path with :id for a path id. */
  path: string;
  staff?: boolean;
  /** Needs the self-service page's cookie (a verified e-mail code), not a staff session. */
  privacy?: boolean;
  body?: "json" | "multipart";
  fields?: Record<string, [FieldKind, string]>;
  /** The path's :id is the rest of the path, a storage key that may hold slashes (media, files). */
  rest?: boolean;
  /** A valid sample of the path's :id where ids are not numbers (a trust document's name). */
  id?: string;
  /** Query parameters that must be validated, with a valid sample. */
  query?: Record<string, string>;
  /** Other methods the same path takes (its own entry in the catalogue): never a wrong method. */
  alsoTakes?: EndpointSpec["method"][];
}

export const INJECTIONS = [
  "' OR '1'='1",
  "1; DROP TABLE posts; --",
  '"; DELETE FROM users WHERE 1=1; --',
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "{{7*7}}",
  "${process.exit(1)}",
  "../../../../etc/passwd",
  "a\u0000b",
  "\u202Eevil\u202C",
  "🧨💥".repeat(3),
  "\uD800",
  "ｓｅｌｅｃｔ",
  "%00",
  "null",
  "undefined",
  "[object Object]",
];

export const BAD_IDS = [
  "-1",
  "0",
  "1.5",
  "abc",
  "99999999999999999999",
  "1e3",
  "0x1F",
  " 1",
  "1;DROP",
  "%00",
  "..%2F..%2Fetc",
  "NaN",
];
export const UNKNOWN_ID = "987654";

/**
 * Malformed percent-escapes: decodeURIComponent throws a URIError on each (an invalid byte, a
 * truncated sequence, a lone "%", an overlong form, an encoded surrogate).
 */
export const BAD_ESCAPES = ["%ff%fe", "%E0%A4%A", "%", "%zz", "%C0%AF", "%ED%A0%80", "a%2"];

const HUGE = "x".repeat(1_000_001);

const htmlAsPdf = new TextEncoder().encode(
  "<!doctype html><html><body><script>alert(1)</script></body></html>",
);
const svgAsPdf = new TextEncoder().encode(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>',
);
const exeAsPng = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]);
const LYING_FILES = [
  { bytes: htmlAsPdf, name: "cv.pdf", type: "application/pdf" },
  { bytes: svgAsPdf, name: "cv.pdf", type: "application/pdf" },
  { bytes: svgAsPdf, name: "photo.png", type: "image/png" },
  { bytes: exeAsPng, name: "photo.png", type: "image/png" },
  { bytes: htmlAsPdf, name: "../../../etc/passwd.pdf", type: "application/pdf" },
  { bytes: htmlAsPdf, name: "cv\u0000.pdf", type: "application/pdf" },
  { bytes: new Uint8Array(0), name: "empty.pdf", type: "application/pdf" },
];

export type Value = string | { __file: (typeof LYING_FILES)[number] } | { __json: unknown };

export interface BadRequest {
  label: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: BodyInit;
}

function fillPath(spec: EndpointSpec, id = UNKNOWN_ID) {
  return spec.path.replace(":id", encodeURIComponent(id).replace(/%25/g, "%"));
}

function encode(
  spec: EndpointSpec,
  fields: Record<string, Value>,
): { headers: Record<string, string>; body?: BodyInit } {
  if (spec.body === "multipart") {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) {
      if (typeof v === "string") f.append(k, v);
      else if ("__file" in v) f.append(k, new Blob([v.__file.bytes], { type: v.__file.type }), v.__file.name);
      else f.append(k, JSON.stringify(v.__json));
    }
    return { headers: {}, body: f };
  }
  const obj: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields))
    obj[k] = typeof v === "string" ? v : "__json" in v ? v.__json : "file";
  return { headers: { "content-type": "application/json" }, body: JSON.stringify(obj) };
}

function validFields(spec: EndpointSpec): Record<string, Value> {
  const out: Record<string, Value> = {};
  for (const [k, [kind, sample]] of Object.entries(spec.fields ?? {})) {
    if (kind === "file" || kind === "optFile") continue;
    out[k] = sample;
  }
  return out;
}

/** Control characters the text rule refuses (tab, line feed and carriage return are allowed). */
const CONTROLS = [..."\u0000\u0001\u0002\u0007\u0008\u000b\u000c\u000e\u001b\u001f\u007f"];
const LONE_SURROGATES = ["\uD800", "\uDBFF", "\uDC00", "\uDFFF"];

/**
 * Any Unicode text (every plane, controls included) with at least one character the text rule
 * refuses, set off by spaces so that it cannot pair up with a neighbour. A lone surrogate can only
 * travel in JSON: a multipart body is UTF-8, where the encoder turns it into U+FFFD.
 */
export function badUnicode(json: boolean): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.string({ unit: "binary", maxLength: 40 }),
      fc.constantFrom(...CONTROLS, ...(json ? LONE_SURROGATES : [])),
      fc.string({ unit: "binary", maxLength: 40 }),
    )
    .map(([a, bad, b]) => `${a} ${bad} ${b}`);
}

/** One field made invalid in a way its kind cannot accept. */
function breakField(kind: FieldKind, json: boolean): fc.Arbitrary<Value | undefined> {
  const wrongType = json
    ? [
        fc.constantFrom<Value>(
          { __json: { $gt: "" } },
          { __json: [1, 2] },
          { __json: { nested: { deep: true } } },
        ),
      ]
    : [];
  switch (kind) {
    case "text":
      return fc.oneof(
        fc.constant(undefined),
        fc.constantFrom<Value>("", "   ", "\n\t", HUGE),
        badUnicode(json),
        ...wrongType,
      );
    case "optText":
      return fc.oneof(fc.constant<Value>(HUGE), badUnicode(json), ...wrongType);
    case "password":
      return fc.oneof(
        fc.constant(undefined),
        fc.constantFrom<Value>("", HUGE),
        badUnicode(json),
        ...wrongType,
      );
    case "email":
      return fc.oneof(
        fc.constant(undefined),
        fc.constantFrom<Value>("", "not-an-email", "a@", "@b.com", "a@b", `${HUGE}@example.com`),
        fc.constantFrom(...INJECTIONS).map((s) => s.replace(/@/g, "")),
        badUnicode(json).map((s) => `${s}@example.com`),
        ...wrongType,
      );
    case "enum":
      return fc.oneof(
        fc.constant(undefined),
        fc.constantFrom<Value>("", ...INJECTIONS),
        badUnicode(json),
        ...wrongType,
      );
    case "optEnum":
      return fc.oneof(fc.constantFrom<Value>(...INJECTIONS), badUnicode(json), ...wrongType);
    case "number":
    case "optNumber":
      return fc.oneof(
        ...(kind === "number" ? [fc.constant(undefined)] : []),
        fc.constantFrom<Value>("abc", "-1", "1e309", "NaN", "Infinity", "1 OR 1=1", "99999999999", "1,5"),
        ...wrongType,
      );
    case "id":
    case "optId":
      return fc.oneof(
        ...(kind === "id" ? [fc.constant(undefined)] : []),
        fc.constantFrom<Value>(...BAD_IDS, ...INJECTIONS),
        ...wrongType,
      );
    case "file":
      return fc.oneof(
        fc.constant(undefined),
        fc.constantFrom<Value>(...LYING_FILES.map((f) => ({ __file: f }))),
      );
    case "optFile":
      return fc.constantFrom<Value>(...LYING_FILES.map((f) => ({ __file: f })));
  }
}

/** Fields a client must never set: the server decides them (mass assignment). */
export const EXTRA_FIELDS: Record<string, string> = {
  role: "root_admin",
  status: "Selected",
  id: "424242",
  created_at: "2001-02-03T04:05:06Z",
  answer: "An answer nobody on the staff wrote.",
};

/**
 * Valid requests with one or more extra fields the server decides itself: the request may
 * succeed, but none of the extras may be stored (see tests/api/hostile.test.ts).
 */
export function validWithExtras(
  spec: EndpointSpec,
): fc.Arbitrary<BadRequest & { extras: string[] }> | undefined {
  const own = new Set(Object.keys(spec.fields ?? {}));
  const extras = Object.keys(EXTRA_FIELDS).filter((k) => !own.has(k));
  if (!spec.body || extras.length === 0) return undefined;
  return fc.subarray(extras, { minLength: 1 }).map((chosen) => {
    const fields: Record<string, Value> = { ...validFields(spec) };
    for (const k of chosen) fields[k] = EXTRA_FIELDS[k]!;
    return {
      label: `valid + ${chosen.join(", ")}`,
      method: spec.method,
      path: fillPath(spec, "1"),
      extras: chosen,
      ...encode(spec, fields),
    };
  });
}

/** Every bad request this endpoint should refuse, as a fast-check arbitrary. */
export function badRequests(spec: EndpointSpec): fc.Arbitrary<BadRequest> {
  const others = (["GET", "POST", "PUT", "DELETE", "PATCH"] as const).filter(
    (m) => m !== spec.method && !(spec.alsoTakes as readonly string[] | undefined)?.includes(m),
  );
  const arbs: fc.Arbitrary<BadRequest>[] = [
    fc.constantFrom(...others).map((method): BadRequest => ({
      label: `wrong method ${method}`,
      method,
      path: fillPath(spec, "1"),
      headers: method === "GET" || method === "DELETE" ? {} : { "content-type": "application/json" },
      body: method === "GET" || method === "DELETE" ? undefined : "{}",
    })),
  ];
  if (spec.path.includes(":id")) {
    // Malformed escapes in the path, raw (as a client can send them), alone, under a folder and
    // with a query, and in the query itself.
    arbs.push(
      fc
        .tuple(
          fc.constantFrom(...BAD_ESCAPES),
          fc.constantFrom(...(spec.rest ? ["", "public/", "private/"] : [""])),
          fc.constantFrom("", "?exp=1&sig=x&name=x", "?name=%ff&exp=%E0%A4%A&sig=%"),
        )
        .map(([esc, folder, query]) => ({
          label: `malformed escape in path ${JSON.stringify(folder + esc + query)}`,
          method: spec.method,
          path: `${spec.path.replace(":id", folder + esc)}${query}`,
          ...(spec.fields ? encode(spec, validFields(spec)) : { headers: {} }),
        })),
    );
    arbs.push(
      fc
        .constantFrom(...BAD_IDS, ...INJECTIONS.filter((s) => !s.includes("/") && !s.includes("?")))
        .map((id) => ({
          label: `bad id ${JSON.stringify(id)}`,
          method: spec.method,
          path: fillPath(spec, id),
          ...(spec.fields ? encode(spec, validFields(spec)) : { headers: {} }),
        })),
    );
  }
  for (const [name, sample] of Object.entries(spec.query ?? {})) {
    arbs.push(
      // An empty value counts as "not given" (the default applies), so it is not a bad value.
      fc.constantFrom("-1", "abc", ...INJECTIONS).map((v) => {
        const q = new URLSearchParams({ ...spec.query, [name]: v });
        return {
          label: `bad query ${name}=${JSON.stringify(v)}`,
          method: spec.method,
          path: `${spec.path}?${q}`,
          headers: {},
        };
      }),
    );
    arbs.push(
      // The same value with a malformed escape, sent raw: the query decodes it to U+FFFD.
      fc.constantFrom(...BAD_ESCAPES).map((esc) => {
        const q = new URLSearchParams({ ...spec.query, [name]: "" });
        return {
          label: `malformed escape in query ${name}=${esc}`,
          method: spec.method,
          path: `${spec.path}?${q}`.replace(`${name}=`, `${name}=${esc}`),
          headers: {},
        };
      }),
    );
    void sample;
  }
  if (spec.body) {
    const json = spec.body === "json";
    arbs.push(
      fc
        .constantFrom<{ label: string; headers: Record<string, string>; body: string }>(
          { label: "invalid JSON", headers: { "content-type": "application/json" }, body: '{"a": ' },
          { label: "JSON array", headers: { "content-type": "application/json" }, body: "[1,2,3]" },
          { label: "wrong content type", headers: { "content-type": "text/plain" }, body: "hello" },
          { label: "XML body", headers: { "content-type": "application/xml" }, body: "<a>1</a>" },
          {
            label: "broken multipart",
            headers: { "content-type": "multipart/form-data; boundary=XyZ" },
            body: '--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated',
          },
          { label: "empty body", headers: {}, body: "" },
        )
        .map((b): BadRequest => ({ ...b, method: spec.method, path: fillPath(spec) })),
    );
    const entries = Object.entries(spec.fields ?? {});
    if (entries.length) {
      arbs.push(
        fc
          .constantFrom(...entries)
          .chain(([name, [kind]]) => breakField(kind, json).map((value) => ({ name, kind, value })))
          .chain(({ name, kind, value }) =>
            fc
              .record({
                extra: fc.dictionary(
                  fc.constantFrom("__proto__", "constructor", "zzz", "role", "status"),
                  fc.string({ maxLength: 20 }),
                  { maxKeys: 2 },
                ),
              })
              .map(({ extra }) => {
                const fields: Record<string, Value> = { ...validFields(spec) };
                for (const [k, v] of Object.entries(extra)) if (!(k in fields)) fields[k] = v;
                if (value === undefined) delete fields[name];
                else fields[name] = value;
                const label =
                  value === undefined
                    ? `missing ${name}`
                    : `bad ${kind} ${name}=${typeof value === "string" ? JSON.stringify(value.slice(0, 30)) : JSON.stringify(value).slice(0, 60)}`;
                return { label, method: spec.method, path: fillPath(spec, "1"), ...encode(spec, fields) };
              }),
          ),
      );
    }
  }
  return fc.oneof(...arbs);
}
