/**
 * One way to call an endpoint in a test: through its contract, as a named caller, on the test's
 * own back ends.
 *
 *   const api = await apiHarness();                    // a database of its own, staff of each role
 *   const res = await api.call(deleteUserApi, { as: "root_admin", params: { id: 7 } });
 *   await api.close();
 *
 * The function is the one whose `config.path` is the contract's path (netlify/functions), called
 * as the platform calls it; its JSON answer is checked against the contract (setup.ts).
 *
 * What no contract describes goes beside it: a request exactly as a test wrote it (a wrong path,
 * a hostile header), `send(req)`; a scheduled function as the scheduler runs it, `schedule(name)`.
 */
import type { Context } from "@netlify/functions";
import { lazyFunctions, type LazyFunctions } from "../../scripts/lib/functions";
import { loadScheduled, type ScheduledFunction } from "../../scripts/lib/schedules";
import type { GivenPorts } from "../../src/server/http/app";
import type { Contract } from "../../src/shared/api/contract";
import { fillPath, urlOf } from "../../src/shared/api/route";
import type { MailMessage } from "../../src/server/platform/mail/mail";
import { apiDb, type TestDb } from "./db";
import { ORIGIN } from "./dashboard-call";
import { noWait, outboxMailer } from "./ports";
import { createStaffCookies, type Caller, type StaffCookies } from "./staff-matrix";

export interface CallOptions {
  /** Who calls: anonymous (the default), a staff role, or a revoked session. */
  as?: Caller;
  /** A cookie the test holds (a user's own session, the privacy page's, a forged one), sent as is. */
  cookie?: string;
  /** The path's `:name` segments (URL-encoded), and its `*` tail as written (`{ "*": key }`). */
  params?: Record<string, string | number>;
  /** The query's fields, or a query string exactly as written (`"page=0&sort=x"`). */
  query?: Record<string, string | number | boolean | undefined | null> | string;
  /** A JSON body, or a URL-encoded form as a browser posts it (URLSearchParams, sent as it is). */
  body?: unknown;
  /** A multipart form. */
  form?: FormData;
  headers?: Record<string, string>;
  /** Another method than the contract's (to test refusals). */
  method?: string;
  /** The address as given instead of the contract's path filled in (a `*` path, a malformed id). */
  path?: string;
  /** The platform's context of this call (the client's `ip`, `geo`), beside the path's params. */
  context?: Partial<Context>;
  /**
   * Back ends for this call alone, over the harness's (a fixed clock, a storage that fails); one
   * given as undefined is the environment's (`{ db: undefined }`: the function opens its own).
   */
  ports?: GivenPorts;
}

export interface ApiHarness {
  db: TestDb;
  staff: StaffCookies;
  /** The mail every call sent. */
  outbox: MailMessage[];
  /** The back ends each call gets; a test may swap one (a failing storage, a fixed clock). */
  ports: GivenPorts;
  call(contract: Contract, opts?: CallOptions): Promise<Response>;
  /** A request as it is, to the function whose `config.path` matches its path. */
  send(req: Request, opts?: Pick<CallOptions, "context" | "ports">): Promise<Response>;
  /** A scheduled function (netlify/functions, by file name) run as Netlify's scheduler runs it. */
  schedule(name: string, opts?: Pick<CallOptions, "ports">): Promise<Response>;
  close(): Promise<void>;
}

/** Each test file imports the functions it calls, when it first calls each. */
let functions: LazyFunctions | undefined;
let schedules: Promise<ScheduledFunction[]> | undefined;

export async function apiHarness(ports: GivenPorts = {}): Promise<ApiHarness> {
  const db = await apiDb();
  const outbox: MailMessage[] = [];
  const portsOf = (opts: Pick<CallOptions, "ports">) => ({ ...harness.ports, ...opts.ports });
  const harness: ApiHarness = {
    db,
    outbox,
    staff: await createStaffCookies(db.db),
    ports: { db: db.db, mail: outboxMailer(outbox), sleep: noWait, ...ports },
    async call(contract, opts = {}) {
      const fn = await (functions ??= lazyFunctions(process.cwd(), () => current)).byPath(contract.path);
      if (!fn) throw new Error(`no function serves ${contract.path}`);
      const method = opts.method ?? contract.method;
      const headers = new Headers(opts.headers);
      const cookies = [opts.as && harness.staff.headers[opts.as].cookie, opts.cookie].filter(Boolean);
      if (cookies.length > 0) headers.set("cookie", cookies.join("; "));
      if (!["GET", "HEAD"].includes(method) && !headers.has("origin")) headers.set("origin", ORIGIN);
      let body: BodyInit | undefined;
      if (opts.form) body = opts.form;
      else if (opts.body instanceof URLSearchParams) body = opts.body;
      else if (opts.body !== undefined) {
        headers.set("content-type", "application/json");
        body = JSON.stringify(opts.body);
      }
      const tail = opts.params?.["*"];
      const target = { path: tail === undefined ? contract.path : contract.path.replace("*", String(tail)) };
      const path =
        opts.path ??
        (typeof opts.query === "string"
          ? `${fillPath(target.path, opts.params)}${opts.query ? `?${opts.query}` : ""}`
          : urlOf(target, opts.params, opts.query));
      current = portsOf(opts);
      return fn.handler(new Request(`${ORIGIN}${path}`, { method, headers, body }), opts.context);
    },
    async send(req, opts = {}) {
      const fn = await (functions ??= lazyFunctions(process.cwd(), () => current)).route(
        new URL(req.url).pathname,
      );
      if (!fn) throw new Error(`no function serves ${req.url}`);
      current = portsOf(opts);
      return fn.handler(req, opts.context);
    },
    async schedule(name, opts = {}) {
      const fn = (await (schedules ??= loadScheduled())).find((f) => f.name === name);
      if (!fn) throw new Error(`no scheduled function ${name}`);
      const run = fn.handler as (req: Request, ctx: unknown, given: GivenPorts) => Promise<Response>;
      const req = new Request(`${ORIGIN}/.netlify/functions/${name}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ next_run: new Date().toISOString() }),
      });
      return run(req, {}, portsOf(opts));
    },
    close: () => db.close(),
  };
  return harness;
}

/** The ports of the call in flight (the functions are loaded once per test file). */
let current: GivenPorts = {};
