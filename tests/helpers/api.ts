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
 */
import { loadFunctions, type LoadedFunction } from "../../scripts/lib/functions";
import type { GivenPorts } from "../../src/server/http/endpoint";
import type { Contract } from "../../src/shared/api/contract";
import { urlOf } from "../../src/shared/api/route";
import type { MailMessage } from "../../src/server/platform/mail/mail";
import { apiDb, type TestDb } from "./db";
import { ORIGIN } from "./dashboard-call";
import { noWait, outboxMailer } from "./ports";
import { createStaffCookies, type Caller, type StaffCookies } from "./staff-matrix";

export interface CallOptions {
  /** Who calls: anonymous (the default), a staff role, or a revoked session. */
  as?: Caller;
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** A JSON body, or a form (multipart). */
  body?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
  /** Another method than the contract's (to test refusals). */
  method?: string;
  /** The address as given instead of the contract's path filled in (a `*` path, a malformed id). */
  path?: string;
}

export interface ApiHarness {
  db: TestDb;
  staff: StaffCookies;
  /** The mail every call sent. */
  outbox: MailMessage[];
  /** The back ends each call gets; a test may swap one (a failing storage, a fixed clock). */
  ports: GivenPorts;
  call(contract: Contract, opts?: CallOptions): Promise<Response>;
  close(): Promise<void>;
}

let functions: Promise<LoadedFunction[]> | undefined;

export async function apiHarness(ports: GivenPorts = {}): Promise<ApiHarness> {
  const db = await apiDb();
  const outbox: MailMessage[] = [];
  const harness: ApiHarness = {
    db,
    outbox,
    staff: await createStaffCookies(db.db),
    ports: { db: db.db, mail: outboxMailer(outbox), sleep: noWait, ...ports },
    async call(contract, opts = {}) {
      const fns = await (functions ??= loadFunctions(process.cwd(), () => current));
      const fn = fns.find((f) => f.path === contract.path);
      if (!fn) throw new Error(`no function serves ${contract.path}`);
      const method = opts.method ?? contract.method;
      const headers = new Headers(opts.headers);
      const cookie = opts.as ? harness.staff.headers[opts.as].cookie : undefined;
      if (cookie) headers.set("cookie", cookie);
      if (!["GET", "HEAD"].includes(method) && !headers.has("origin")) headers.set("origin", ORIGIN);
      let body: BodyInit | undefined;
      if (opts.form) body = opts.form;
      else if (opts.body !== undefined) {
        headers.set("content-type", "application/json");
        body = JSON.stringify(opts.body);
      }
      const url = `${ORIGIN}${opts.path ?? urlOf(contract, opts.params, opts.query)}`;
      current = harness.ports;
      return fn.handler(new Request(url, { method, headers, body }));
    },
    close: () => db.close(),
  };
  return harness;
}

/** The ports of the call in flight (the functions are loaded once per test file). */
let current: GivenPorts = {};
