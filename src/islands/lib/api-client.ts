/**
 * The islands' one way to call the API: an endpoint's contract (src/shared/api/), or the route a
 * page hands an island (`routeOf`), with typed input (path params, query, a JSON body or a form),
 * and the typed answer. fetch() for calls, XMLHttpRequest for uploads that show their progress,
 * sendBeacon for a page that is being left. Zod-free: only the contracts' types come in here.
 */
import type { BodyOf, Contract, ErrorOf, ParamNames, QueryOf, ResponseOf } from "../../shared/api/contract";
import { urlOf, type Route } from "../../shared/api/route";

type Params<C extends Contract> = [ParamNames<C["path"]>] extends [never]
  ? { params?: undefined }
  : { params: Record<ParamNames<C["path"]>, string | number> };

/** What a call sends: the path's params (required when the path has some), query and body. */
export type CallInput<C extends Contract> = Params<C> & {
  query?: QueryOf<C>;
  /** A JSON body, or a form: multipart (files and fields) or URL-encoded (text fields only). */
  body?: BodyOf<C> | FormData | URLSearchParams;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  cache?: RequestCache;
  keepalive?: boolean;
};

/** An answer: the contract's success, or a refusal (its fields, when the server sent JSON). */
export type Answer<C extends Contract> =
  | { ok: true; status: number; data: ResponseOf<C> }
  | { ok: false; status: number; data: Partial<ErrorOf<C>> };

type Loose = { params?: Record<string, string | number>; query?: Record<string, unknown> };
const address = (route: Route, input?: Loose) =>
  urlOf(route, input?.params, input?.query as Parameters<typeof urlOf>[2]);

/** The address of a call, for links and forms (`href`, `action`). */
export function link<C extends Contract>(
  route: Route<C>,
  input?: Pick<CallInput<C>, "params" | "query">,
): string {
  return address(route, input as Loose | undefined);
}

function requestOf<C extends Contract>(
  route: Route<C>,
  input: CallInput<C> | undefined,
): [string, RequestInit] {
  const headers = new Headers(input?.headers);
  let body: BodyInit | undefined;
  if (input?.body instanceof FormData || input?.body instanceof URLSearchParams) body = input.body;
  else if (input?.body !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(input.body);
  }
  const init: RequestInit = { method: route.method, credentials: "same-origin", headers };
  if (body !== undefined) init.body = body;
  if (input?.signal) init.signal = input.signal;
  if (input?.cache) init.cache = input.cache;
  if (input?.keepalive) init.keepalive = true;
  return [address(route, input as Loose | undefined), init];
}

function answerOf<C extends Contract>(status: number, data: unknown): Answer<C> {
  const ok = status >= 200 && status < 300;
  const body = (data ?? {}) as ResponseOf<C> & Partial<ErrorOf<C>>;
  return ok ? { ok, status, data: body } : { ok, status, data: body };
}

/**
 * Calls an endpoint and reads its JSON answer, success or refusal (a body that is not JSON reads
 * as {}). Rejects only when the server could not be reached.
 */
export async function send<C extends Contract>(
  route: Route<C>,
  ...[input]: [ParamNames<C["path"]>] extends [never] ? [CallInput<C>?] : [CallInput<C>]
): Promise<Answer<C>> {
  const res = await fetch(...requestOf(route, input));
  return answerOf<C>(res.status, await res.json().catch(() => ({})));
}

export interface UploadEvents {
  /** How much of the body has gone up, 0-100. */
  onProgress?: (percent: number) => void;
  /** The whole body is up; the server's answer is still to come. */
  onUploaded?: () => void;
  timeoutMs?: number;
}

/**
 * Posts a form with XMLHttpRequest, which (unlike fetch) reports the upload's progress. Rejects
 * with Error("network") or Error("timeout") when no answer comes.
 */
export function upload<C extends Contract>(
  route: Route<C>,
  form: FormData,
  events: UploadEvents = {},
  params?: CallInput<C>["params"],
): Promise<Answer<C>> {
  return new Promise<Answer<C>>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(route.method, address(route, { params } as Loose));
    xhr.responseType = "json";
    xhr.timeout = events.timeoutMs ?? 120_000;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0)
        events.onProgress?.(Math.min(100, Math.floor((e.loaded / e.total) * 100)));
    };
    if (events.onUploaded) xhr.upload.onload = events.onUploaded;
    xhr.onload = () => resolve(answerOf<C>(xhr.status, xhr.response as unknown));
    xhr.onerror = () => reject(new Error("network"));
    xhr.ontimeout = () => reject(new Error("timeout"));
    xhr.send(form);
  });
}

/** Calls an endpoint from a page that is being left: a beacon, else a keepalive fetch. */
export function beacon<C extends Contract>(route: Route<C>): void {
  const url = address(route);
  if (route.method === "POST" && navigator.sendBeacon?.(url)) return;
  void fetch(url, { method: route.method, keepalive: true, credentials: "same-origin" }).catch(() => {});
}
