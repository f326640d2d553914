/**
 * What one /api endpoint promises, declared once: its method and path (exactly the function's
 * `config.path`), who may call it, what it reads (path, query, body) and what it answers (the
 * JSON of a success, and of a refusal). The functions parse with these schemas and type their
 * answers with them, the islands call them through src/islands/lib/api-client.ts, the build
 * writes the OpenAPI document from them, and the API tests check every answer against them.
 */
import * as z from "zod";
import "../common/zod-config";
import type { Typed } from "./route";

export { fillPath, pathPattern, urlOf, type Route } from "./route";

export type Method = "GET" | "HEAD" | "POST" | "PUT" | "DELETE";

/** Who may call: anyone, or staff of these roles (src/shared/staff/staff.ts). */
export type Access = "public" | "reader" | "admin" | "root_admin";

export const PUBLIC = ["public"] as const satisfies readonly Access[];
/** requireStaff(app, req, "read"): any signed-in staff member. */
export const STAFF = ["reader", "admin", "root_admin"] as const satisfies readonly Access[];
/** requireStaff(app, req, "write"): staff who change content. */
export const WRITERS = ["admin", "root_admin"] as const satisfies readonly Access[];
/** requireStaff(app, req, "users"): user accounts, the audit trail and privacy. */
export const ROOT = ["root_admin"] as const satisfies readonly Access[];

/** Every refusal: `{ "error": message }` (toErrorResponse in src/server/http/http.ts). */
export const errorBody = z.strictObject({ error: z.string() });
export type ErrorBody = z.infer<typeof errorBody>;

/** What a success answer is when it is not JSON. */
export type Produces = "application/json" | "text/csv" | "application/octet-stream";

export interface Contract {
  method: Method;
  /** Other methods with the same answers (HEAD beside GET). */
  alsoMethods?: readonly Method[];
  /** Netlify's `config.path`: `:name` is one segment, `*` the rest of the path. */
  path: string;
  summary: string;
  roles: readonly Access[];
  /** Needs the self-service page's e-mail-code cookie (src/server/http/privacy-auth.ts). */
  privacyCookie?: boolean;
  /** The path's `:name` segments, when one is not a positive whole-number id. */
  params?: Readonly<Record<string, z.ZodType>>;
  /** The query string's fields. */
  query?: z.ZodType;
  /** The body's fields (JSON, form-encoded or multipart, one parser: src/server/http/http.ts). */
  body?: z.ZodType;
  /** multipart/form-data only (the endpoint takes files): the file fields, true when required. */
  files?: Readonly<Record<string, boolean>>;
  /** Also the `action` of a form the browser posts itself: then it answers 303 or a page. */
  nativeForm?: boolean;
  /** The success status (200 unless given). */
  status?: number;
  /** The JSON of a success; absent when `produces` is not JSON. */
  response?: z.ZodType;
  produces?: Produces;
  /** Other statuses whose JSON is not `errorBody` (e.g. a health report's 503). */
  statuses?: Readonly<Record<number, z.ZodType>>;
  /** The JSON of a refusal (errorBody unless given). */
  error?: z.ZodType;
}

/**
 * Declares a contract, keeping its literal types (path, schemas) for the client and the functions;
 * the type also rides on the contract's route (src/shared/api/route.ts).
 */
export const contract = <const C extends Contract>(c: C): C & Typed<C> => c;

type Out<S> = S extends z.ZodType ? z.output<S> : never;
type In<S> = S extends z.ZodType ? z.input<S> : never;

/** The JSON a success answers. */
export type ResponseOf<C extends Contract> = Out<C["response"]>;
/** The body as the caller sends it. */
export type BodyOf<C extends Contract> = In<C["body"]>;
/** The JSON of a refusal. */
export type ErrorOf<C extends Contract> = C["error"] extends z.ZodType ? z.output<C["error"]> : ErrorBody;
/** The query string's fields as the caller gives them. */
export type QueryOf<C extends Contract> = C["query"] extends z.ZodType
  ? { [K in keyof z.input<C["query"]>]?: string | number | boolean | null }
  : Record<string, never>;

/** The names of a path's `:name` segments. */
export type ParamNames<P extends string> = P extends `${string}:${infer N}/${infer Rest}`
  ? N | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer N}`
    ? N
    : never;
export type ParamsOf<C extends Contract> = Record<ParamNames<C["path"]>, string | number>;

/** The methods a contract answers. */
export const methodsOf = (c: Pick<Contract, "method" | "alsoMethods">): Method[] => [
  c.method,
  ...(c.alsoMethods ?? []),
];
