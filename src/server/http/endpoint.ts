/**
 * The wrapper every function uses. A function file looks like:
 *
 *   export default endpoint(someApi, async ({ deps, body }) => ({ ... }));
 *   export const config: Config = { path: "/api/..." };
 *
 * The request's context (ports, client, work after the answer) is src/server/http/app.ts.
 */
import { randomUUID } from "node:crypto";
import type { Context } from "@netlify/functions";
import type { Deps } from "../common/deps";
import { ConfigurationError } from "../platform/env";
import { configurationErrorResponse, createApp, type App, type GivenPorts } from "./app";
import { isNativeForm, requireMethod, requireSameOrigin } from "./request-checks";
import { json, respond } from "./responses";
import { knownError, toErrorResponse } from "./errors";
import { parseBody, type Fields } from "./body";
import type * as z from "zod";
import { validate } from "../common/validate";
import { staffActor, type Actor } from "../common/audit";
import { idParam, pathParam } from "./params";
import { requirePermission } from "./staff-auth";
import { requirePrivacyEmail } from "./privacy-auth";
import { queryOf } from "../../shared/common/schema-fields";
import {
  methodsOf,
  type Contract,
  type Method,
  type ParamNames,
  type ResponseOf,
} from "../../shared/api/contract";
import { pathPattern } from "../../shared/api/route";
import { isStaffPermission, type StaffPermission } from "../../shared/staff/permissions";
import type { StaffSession } from "../../shared/staff/staff";
import { enforce, type Limit } from "../common/rate-limit";

/** Looks at every answer of an endpoint that declares its contracts (the API tests check them). */
export type ResponseCheck = (contracts: readonly Contract[], req: Request, res: Response) => Promise<void>;
let responseCheck: ResponseCheck | undefined;
/** Tests hand in the check of every answer against its endpoint's contract. */
export function setResponseCheck(check: ResponseCheck | undefined) {
  responseCheck = check;
}

/** A function file's export: called by the platform with (req, context); tests add `given`. */
export type EndpointFn = (req: Request, context?: Partial<Context>, given?: GivenPorts) => Promise<Response>;

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type ParamValue<C extends Contract, K extends string> =
  C["params"] extends Readonly<Record<K, z.ZodType>> ? z.output<C["params"][K]> : number;
/** The path's `:name` segments: positive whole-number ids unless the contract gives a schema. */
export type ParamValues<C extends Contract> = { [K in ParamNames<C["path"]>]: ParamValue<C, K> };
type CallerOf<C extends Contract> = C["access"] extends StaffPermission ? SignedIn : undefined;
type SignedIn = StaffSession & { sessionId: string };

/** What a handler receives: the request's parts, checked against its contract, and its caller. */
export interface Call<C extends Contract> {
  req: Request;
  app: App;
  deps: Deps;
  context?: Partial<Context>;
  params: ParamValues<C>;
  query: Out<C["query"]>;
  body: Out<C["body"]>;
  /** The body as parsed (files included), before the contract's schema. */
  fields: Fields;
  /**
   * With `rawBody`, for an endpoint whose cheap refusals come before its body is read: reads the
   * body once (multipart when the contract takes files), and checks fields against the contract.
   */
  read(): Promise<Fields>;
  valid(fields: Fields): Out<C["body"]>;
  /** The signed-in staff member, for an endpoint that needs a staff permission. */
  staff: CallerOf<C>;
  /** The staff member as the audit trail names them (their address included). */
  actor: C["access"] extends StaffPermission ? Actor : undefined;
  /** The address the self-service page's cookie proves, for an endpoint that needs it. */
  email: C["access"] extends "privacy-cookie" ? string : undefined;
}

/** A handler answers a value its contract's response describes, or a Response of its own. */
export type Handler<C extends Contract> = (call: Call<C>) => Promise<ResponseOf<C> | Response>;

export interface EndpointOptions {
  /** The answer while the deployed settings are incomplete (default: a 503 with an error). */
  unconfigured?: () => Response;
  /**
   * The per-client-address limit (src/server/common/policies.ts), counted before the
   * handler runs: a client past it gets 429 whatever its body, which is never read.
   */
  rateLimit?: Limit;
  /** Fields every refusal carries beside its error (e.g. { success: false }, as a form reads it). */
  refusalFields?: Record<string, unknown>;
  /**
   * The page for a public form posted by the browser itself (src/server/http/form-page.ts) that is
   * refused (rate limit, origin, a field): such a post gets a page, never JSON.
   */
  nativeFormError?: (req: Request, app: App, err: unknown, fields?: Fields) => Promise<Response>;
  /** The body is read and checked by the use case (its schema depends on the settings). */
  rawBody?: boolean;
}

/** One contract of a path and its handler (a path that answers several methods has several). */
export interface RouteOf<C extends Contract = Contract> {
  contract: C;
  handler: Handler<C>;
  opts: EndpointOptions;
}

/** Any route, whatever its contract (a handler takes only its own contract's call). */
type AnyRoute = { contract: Contract; handler: (call: never) => Promise<unknown>; opts: EndpointOptions };

/** A contract and its handler, for endpoint() of a path with several methods. */
export const on = <C extends Contract>(
  contract: C,
  handler: NoInfer<Handler<C>>,
  opts: EndpointOptions = {},
): RouteOf<C> => ({
  contract,
  handler,
  opts,
});

const wrapped = new WeakMap<object, readonly RouteOf[]>();
/** True for a function made by endpoint() (tests check that every function file exports one). */
export const isEndpoint = (fn: unknown): boolean => typeof fn === "function" && wrapped.has(fn);
/** The contracts an endpoint answers (tests match them to its `config.path`). */
export const contractsOf = (fn: unknown): readonly Contract[] =>
  (typeof fn === "function" ? (wrapped.get(fn) ?? []) : []).map((r) => r.contract);
/** The rate limit an endpoint declared, if any (tests walk every function with one). */
export const rateLimitOf = (fn: unknown): Limit | undefined =>
  typeof fn === "function" ? wrapped.get(fn)?.find((r) => r.opts.rateLimit)?.opts.rateLimit : undefined;

/**
 * The function of one path: its contract applied before the handler runs (the Origin check, the
 * method with a 405 that lists every method of the path, the rate limit, who may call, the path's
 * ids, the query and the body), the handler's value answered as the contract says, errors turned
 * into answers, and what the change raised (webhooks, CDN purges) carried out after the answer.
 */
export function endpoint<C extends Contract>(
  contract: C,
  handler: NoInfer<Handler<C>>,
  opts?: EndpointOptions,
): EndpointFn {
  return endpoints(on(contract, handler, opts));
}

/**
 * The function of a path with several contracts (one per method): `endpoints(on(...), on(...))`.
 * A function of several paths (`config.path` a list) takes at each path its contracts' methods.
 */
export function endpoints(...given: AnyRoute[]): EndpointFn {
  const all = given as RouteOf[];
  const contracts = all.map((r) => r.contract);
  const patterns = new Map(all.map((r) => [r, pathPattern(r.contract.path)]));
  const answer: EndpointFn = async (req, context, given) => {
    const pathname = new URL(req.url).pathname;
    const here = all.filter((r) => patterns.get(r)!.test(pathname));
    const routes = here.length > 0 ? here : all;
    const methods = [...new Set(routes.flatMap((r) => methodsOf(r.contract)))];
    const route = routes.find((r) => methodsOf(r.contract).includes(req.method as Method)) ?? routes[0]!;
    const { opts } = route;
    let app: ReturnType<typeof createApp> | undefined;
    let fields: Fields | undefined;
    // Past the origin, method and rate limit, any refusal of a form the browser posted is a page.
    let admitted = false;
    try {
      app = createApp(req, context, given);
      requireSameOrigin(req, app.deps.env.siteUrl);
      requireMethod(req, ...methods);
      if (opts.rateLimit) await enforce(app.deps, opts.rateLimit, app.clientKey);
      admitted = true;
      const call = await callOf(route, req, app, context, (f) => (fields = f));
      const out = await route.handler(call);
      return out instanceof Response ? out : respond(route.contract, out as never);
    } catch (err) {
      if (err instanceof ConfigurationError) {
        const res = configurationErrorResponse(err);
        return opts.unconfigured ? opts.unconfigured() : res;
      }
      if (opts.nativeFormError && app && isNativeForm(req) && (admitted || knownError(err)))
        return await opts.nativeFormError(req, app, err, fields);
      const known = opts.refusalFields && knownError(err);
      if (known) return json({ ...opts.refusalFields, error: known.message }, known);
      return toErrorResponse(err, app?.requestId ?? randomUUID());
    } finally {
      if (app) finish(app, context);
    }
  };
  const fn: EndpointFn = async (req, context, given) => {
    const res = await answer(req, context, given);
    if (responseCheck) await responseCheck(contracts, req, res);
    return res;
  };
  wrapped.set(fn, all);
  return fn;
}

/**
 * A scheduled function: no address and no contract; Netlify calls it on its `config.schedule`
 * (its request carries no Origin of the site). It answers its job's report as JSON.
 */
export function scheduled(job: (deps: Deps) => Promise<object>): EndpointFn {
  const fn: EndpointFn = async (req, context, given) => {
    let app: ReturnType<typeof createApp> | undefined;
    try {
      app = createApp(req, context, given);
      return json(await job(app.deps));
    } catch (err) {
      if (err instanceof ConfigurationError) return configurationErrorResponse(err);
      return toErrorResponse(err, app?.requestId ?? randomUUID());
    } finally {
      if (app) finish(app, context);
    }
  };
  wrapped.set(fn, []);
  return fn;
}

/** The request's parts checked against the route's contract, in the order a refusal is chosen. */
async function callOf(
  { contract: c, opts }: RouteOf,
  req: Request,
  app: App,
  context: Partial<Context> | undefined,
  parsed: (fields: Fields) => void,
): Promise<Call<Contract>> {
  let staff: SignedIn | undefined;
  let email: string | undefined;
  if (c.access === "privacy-cookie") email = await requirePrivacyEmail(app, req);
  else if (isStaffPermission(c.access)) {
    // A function whose contracts all need no staff member is bundled without the session check
    // (scripts/bundle-functions.mjs defines this): should a staff contract meet such a build, the
    // call fails closed.
    // (An else, not code after the throw: the bundler drops only a branch it sees is dead.)
    if (process.env.STAFF_GATE === "absent")
      throw new Error(
        `${c.path} needs a staff permission, but its function was bundled without the staff check`,
      );
    else staff = await requirePermission(app, req, c.access);
  }
  const params: Record<string, unknown> = {};
  for (const [, name] of c.path.matchAll(/:(\w+)/g)) {
    const given = c.params?.[name!];
    params[name!] = given
      ? validate(given, pathParam(context, name!))
      : idParam(context, name!, c.ids?.[name!] ?? name!);
  }
  const query = c.query ? validate(c.query, queryOf(new URL(req.url))) : undefined;
  let fields: Fields = {};
  if ((c.body || c.files) && !opts.rawBody) {
    fields = await parseBody(req, { files: Boolean(c.files) });
    parsed(fields);
  }
  const body = c.body && !opts.rawBody ? validate(c.body, fields) : undefined;
  const actor = staff ? staffActor(app, staff) : undefined;
  let reading: Promise<Fields> | undefined;
  const read = () =>
    (reading ??= parseBody(req, { files: Boolean(c.files) }).then((f) => {
      parsed(f);
      return f;
    }));
  const valid = (f: Fields) => (c.body ? validate(c.body, f) : undefined);
  const call = {
    req,
    app,
    deps: app.deps,
    context,
    params,
    query,
    body,
    fields,
    staff,
    actor,
    email,
    read,
    valid,
  };
  return call as Call<Contract>;
}

/** The work a request left for after its answer, kept alive by the platform (or the process). */
function finish(app: ReturnType<typeof createApp>, context: Partial<Context> | undefined) {
  const done = app
    .runLater()
    .then(() => app.dispose())
    .catch((err: unknown) => app.deps.log.warn("dispose failed", { error: String(err) }));
  pending.add(done);
  void done.finally(() => pending.delete(done));
  if (context?.waitUntil) context.waitUntil(done);
}

const pending = new Set<Promise<unknown>>();

/** Resolves once the work every answered request left for after its answer is done. */
export async function settled(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}
