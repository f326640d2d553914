/**
 * The OpenAPI 3.1 document of the API, written from the contracts (src/shared/api/): the build
 * writes it (src/integrations/openapi.ts) and GET /api/openapi.json serves it to staff. Request
 * schemas are described as a caller sends them, responses as the server answers them.
 */
import * as z from "zod";
import "../common/zod-config";
import { errorBody, methodsOf, type Contract } from "./contract";
import { FEATURES } from "./index";

type Json = Record<string, unknown>;

/** `/api/x/:id` -> `/api/x/{id}`; Netlify's `*` (the rest of the path) is the parameter `path`. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}").replace(/\*/, "{path}");

function jsonSchema(schema: z.ZodType, io: "input" | "output"): Json {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Json;
  return rest;
}

/** The fields a caller must send: those an empty request is refused for. */
function requiredOf(schema: z.ZodType): string[] {
  const res = schema.safeParse({});
  if (res.success) return [];
  return [
    ...new Set(res.error.issues.map((i) => i.path[0]).filter((k): k is string => typeof k === "string")),
  ];
}

/** An object schema's properties, through intersections (allOf). */
function propertiesOf(s: Json): Record<string, Json> {
  const own = (s.properties ?? {}) as Record<string, Json>;
  const parts = (s.allOf ?? []) as Json[];
  return Object.assign({}, ...parts.map(propertiesOf), own) as Record<string, Json>;
}

function objectSchema(
  schema: z.ZodType,
  extra: Record<string, Json> = {},
  extraRequired: string[] = [],
): Json {
  const properties = { ...propertiesOf(jsonSchema(schema, "input")), ...extra };
  const required = [...requiredOf(schema).filter((k) => k in properties), ...extraRequired];
  return { type: "object", properties, ...(required.length ? { required } : {}) };
}

const operationId = (method: string, path: string) =>
  method.toLowerCase() +
  path
    .replace(/^\/api\//, "")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join("");

const ID_PARAM = { type: "integer", minimum: 1, maximum: 999_999_999 };

function parameters(c: Contract): Json[] {
  const out: Json[] = [];
  for (const [, name] of c.path.matchAll(/:(\w+)/g)) {
    const given = c.params?.[name!];
    out.push({ name, in: "path", required: true, schema: given ? jsonSchema(given, "input") : ID_PARAM });
  }
  if (c.path.includes("*"))
    out.push({
      name: "path",
      in: "path",
      required: true,
      schema: { type: "string" },
      description: "The rest of the path",
    });
  if (c.query) {
    const required = new Set(requiredOf(c.query));
    for (const [name, schema] of Object.entries(propertiesOf(jsonSchema(c.query, "input"))))
      out.push({ name, in: "query", required: required.has(name), schema });
  }
  return out;
}

/** The body of a request; its schema goes to `schemas` (shared by the body's encodings). */
function requestBody(c: Contract, schemas: Record<string, Json>): Json | undefined {
  if (!c.body) return undefined;
  if (c.files) {
    const files = Object.fromEntries(
      Object.keys(c.files).map((f) => [f, { type: "string", contentMediaType: "application/octet-stream" }]),
    );
    const needed = Object.entries(c.files).flatMap(([f, required]) => (required ? [f] : []));
    return {
      required: true,
      content: { "multipart/form-data": { schema: objectSchema(c.body, files, needed) } },
    };
  }
  // One schema for the three encodings the body parser reads (src/server/http/body.ts).
  const name = `${operationId(c.method, c.path)}Body`;
  schemas[name] = objectSchema(c.body);
  const schema = { $ref: `#/components/schemas/${name}` };
  const forms = ["application/json", "application/x-www-form-urlencoded", "multipart/form-data"];
  return { required: true, content: Object.fromEntries(forms.map((t) => [t, { schema }])) };
}

const jsonContent = (schema: z.ZodType) => ({ "application/json": { schema: jsonSchema(schema, "output") } });

function responses(c: Contract): Json {
  const out: Json = {};
  const success = String(c.status ?? 200);
  if (c.response) out[success] = { description: "Done", content: jsonContent(c.response) };
  else out[success] = { description: "The file", content: { [c.produces!]: { schema: { type: "string" } } } };
  if (c.nativeForm)
    out["303"] = { description: "A form posted by the browser itself goes on to its next page" };
  for (const [status, schema] of Object.entries(c.statuses ?? {}))
    out[status] = { description: "See the body", content: jsonContent(schema) };
  if (c.error) {
    out["4XX"] = { description: "Refused: the message says why", content: jsonContent(c.error) };
    out["5XX"] = { description: "Failed on the server's side", content: jsonContent(c.error) };
  } else {
    out["4XX"] = { $ref: "#/components/responses/Refused" };
    out["5XX"] = { $ref: "#/components/responses/Failed" };
  }
  return out;
}

function security(c: Contract): Json[] {
  if (c.privacyCookie) return [{ privacyCode: [] }];
  return c.roles.includes("public") ? [] : [{ staffSession: [] }];
}

function operation(c: Contract, tag: string, method: string, schemas: Record<string, Json>): Json {
  const roles = c.roles.includes("public") ? "anyone" : c.roles.join(", ");
  const body = requestBody(c, schemas);
  const params = parameters(c);
  return {
    operationId: operationId(method, c.path),
    summary: c.summary,
    description: `Who may call: ${roles}.${c.nativeForm ? " Also the action of a form the browser posts itself." : ""}`,
    tags: [tag],
    "x-roles": c.roles,
    "x-netlify-path": c.path,
    security: security(c),
    ...(params.length ? { parameters: params } : {}),
    ...(body && method !== "HEAD" ? { requestBody: body } : {}),
    responses: responses(c),
  };
}

const errorContent = { "application/json": { schema: { $ref: "#/components/schemas/Error" } } };

/** The document for a catalogue of contracts by feature (the whole API by default). */
export function openApiDocument(features: Readonly<Record<string, readonly Contract[]>> = FEATURES): Json {
  const schemas: Record<string, Json> = { Error: jsonSchema(errorBody, "output") };
  const paths: Record<string, Json> = {};
  for (const [tag, contracts] of Object.entries(features))
    for (const c of contracts)
      for (const m of methodsOf(c))
        (paths[openApiPath(c.path)] ??= {})[m.toLowerCase()] = operation(c, tag, m, schemas);
  return {
    openapi: "3.1.0",
    info: {
      title: "Site and dashboard API",
      version: "1.0.0",
      description:
        "Every /api endpoint of the site, written from its contract (src/shared/api). Staff endpoints need the session cookie of POST /api/login; a refusal answers { error }.",
    },
    tags: Object.keys(features).map((name) => ({ name })),
    paths,
    components: {
      schemas,
      responses: {
        Refused: { description: "Refused: the message says why", content: errorContent },
        Failed: { description: "Failed on the server's side", content: errorContent },
      },
      securitySchemes: {
        staffSession: {
          type: "apiKey",
          in: "cookie",
          name: "__Host-session",
          description: "POST /api/login sets it",
        },
        privacyCode: {
          type: "apiKey",
          in: "cookie",
          name: "__Host-privacy",
          description: "POST /api/privacy/verify-code sets it",
        },
      },
    },
  };
}
