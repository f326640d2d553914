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
import type { Role } from "../staff/staff";
import { isStaffPermission, rolesWith, type Permission } from "../staff/permissions";

export type Method = "GET" | "HEAD" | "POST" | "PUT" | "DELETE";

/** Who may call, as the OpenAPI document and the role matrix list them: anyone, or staff roles. */
export type Access = "public" | Role;

/** Every refusal: `{ "error": message }` (toErrorResponse in src/server/http/errors.ts). */
export const errorBody = z.strictObject({ error: z.string() });
export type ErrorBody = z.infer<typeof errorBody>;

/** What a success answer is when it is not JSON. */
export type Produces = "application/json" | "text/csv" | "text/calendar" | "application/octet-stream";

export interface ContractSpec {
  method: Method;
  /** Other methods with the same answers (HEAD beside GET). */
  alsoMethods?: readonly Method[];
  /** Netlify's `config.path`: `:name` is one segment, `*` the rest of the path. */
  path: string;
  summary: string;
  /** The permission a caller needs (src/shared/staff/permissions.ts). */
  access: Permission;
  /** The path's `:name` segments, when one is not a positive whole-number id. */
  params?: Readonly<Record<string, z.ZodType>>;
  /** The words that name a path id in its refusal ("user id"), when not the segment's own name. */
  ids?: Readonly<Record<string, string>>;
  /** The query string's fields. */
  query?: z.ZodType;
  /** The body's fields (JSON, form-encoded or multipart, one parser: src/server/http/body.ts). */
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
export const contract = <const C extends ContractSpec>(c: C): C & Declared & Typed<C & Declared> => ({
  ...c,
  roles: rolesOf(c.access),
  ...(c.access === "privacy-cookie" ? { privacyCookie: true } : {}),
});

/** What contract() adds: who may call, from the permission. */
export interface Declared {
  /** The roles that may call ("public" for anyone), from GRANTS. */
  roles: readonly Access[];
  /** Needs the self-service page's e-mail-code cookie (src/server/http/privacy-auth.ts). */
  privacyCookie?: boolean;
}

/** A contract as declared (what every catalogue holds). */
export type Contract = ContractSpec & Declared;

function rolesOf(p: Permission): readonly Access[] {
  return isStaffPermission(p) ? rolesWith(p) : ["public"];
}

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
export const methodsOf = (c: Pick<ContractSpec, "method" | "alsoMethods">): Method[] => [
  c.method,
  ...(c.alsoMethods ?? []),
];
