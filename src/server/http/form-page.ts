/**
 * Public forms sent without their script (it had not loaded yet, or the visitor runs none): the
 * browser posts the form itself and shows whatever comes back. Such a post gets a page, never JSON:
 * a 303 onwards when it worked, and when it did not, a page on the site's look that lists each
 * problem, keeps what was typed, and links back. The endpoints' JSON answers for fetch are
 * unchanged. Functions cannot import Astro pages, so the page is written here; it links the
 * site's stylesheet (/styles/site.css, built from src/styles) and runs no script.
 */
import { site } from "../../config/site";
import { applySecurityHeaders, NO_STORE } from "./headers";
import { toErrorResponse } from "./errors";

/**
 * Where to send the visitor back to: the page the form was on (its Referer, when it is a page of
 * this site), else `fallback`. Never another site's address.
 */
export function formOrigin(req: Request, siteUrl: string, fallback: string): string {
  const referer = req.headers.get("referer");
  if (!referer) return fallback;
  try {
    const from = new URL(referer);
    const own = new Set([new URL(req.url).origin, new URL(siteUrl).origin]);
    if (!own.has(from.origin) || from.pathname.startsWith("/api/")) return fallback;
    return `${from.pathname}${from.search}`;
  } catch {
    return fallback;
  }
}

/** `path` with `?key=value` (replacing earlier ones) and an optional `#hash`. */
export function withQuery(path: string, key: string, value: string, hash = ""): string {
  const u = new URL(path, "http://x");
  u.searchParams.set(key, value);
  return `${u.pathname}${u.search}${hash}`;
}

export const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The status and message an error gets (the same mapping as the JSON answers). */
export async function errorOf(
  err: unknown,
  requestId: string,
): Promise<{ status: number; message: string; headers: Headers }> {
  const res = toErrorResponse(err, requestId);
  const body = (await res.json()) as { error?: unknown };
  return {
    status: res.status,
    message: typeof body.error === "string" ? body.error : "Something went wrong.",
    headers: res.headers,
  };
}

// ---- the form again, with what was typed ----------------------------------------------------

export interface InputSpec {
  name: string;
  label: string;
  value: string;
  type?: "text" | "email" | "tel" | "textarea" | "select" | "file" | "hidden" | "checkbox";
  options?: readonly string[];
  required?: boolean;
  hint?: string;
  autocomplete?: string;
  /** This field's problem, shown under it. */
  error?: string | undefined;
}

function input(f: InputSpec, formId: string): string {
  const id = `${formId}-${f.name}`;
  const req = f.required ? " required" : "";
  const ac = f.autocomplete ? ` autocomplete="${esc(f.autocomplete)}"` : "";
  if (f.type === "hidden") return `<input type="hidden" name="${esc(f.name)}" value="${esc(f.value)}">`;
  // A consent: unticked unless the person ticked it, and "yes" when ticked (as the island sends).
  if (f.type === "checkbox")
    return `<div class="field fr-check"><input id="${id}" type="checkbox" name="${esc(f.name)}" value="yes"${
      f.value === "yes" ? " checked" : ""
    }><label for="${id}">${esc(f.label)} (optional)</label></div>`;
  const hintId = f.hint ? `${id}-hint` : "";
  const errorId = f.error ? `${id}-error` : "";
  const ids = [errorId, hintId].filter(Boolean).join(" ");
  const described = `${ids ? ` aria-describedby="${ids}"` : ""}${f.error ? ' aria-invalid="true"' : ""}`;
  let control: string;
  if (f.type === "textarea")
    control = `<textarea id="${id}" name="${esc(f.name)}" rows="5"${req}${described}>${esc(f.value)}</textarea>`;
  else if (f.type === "select")
    control = `<select id="${id}" name="${esc(f.name)}"${req}${described}><option value="">Select</option>${(
      f.options ?? []
    )
      .map((o) => `<option${o === f.value ? " selected" : ""}>${esc(o)}</option>`)
      .join("")}</select>`;
  else
    control = `<input id="${id}" type="${f.type ?? "text"}" name="${esc(f.name)}" value="${
      f.type === "file" ? "" : esc(f.value)
    }"${req}${ac}${described}>`;
  const hint = f.hint ? `<p class="muted" id="${hintId}">${esc(f.hint)}</p>` : "";
  const error = f.error ? `<p class="field-error" id="${errorId}">${esc(f.error)}</p>` : "";
  return `<div class="field"><label for="${id}">${esc(f.label)}</label>${control}${error}${hint}</div>`;
}

export interface FormSpec {
  action: string;
  multipart?: boolean;
  fields: InputSpec[];
  /** The honeypot's name: an empty field that people never see. */
  honeypot: string;
  submit: string;
}

function form(spec: FormSpec): string {
  const enctype = spec.multipart ? ` enctype="multipart/form-data"` : "";
  return `<form class="fr-form" method="post" action="${esc(spec.action)}"${enctype}>${spec.fields
    .map((f) => input(f, "again"))
    .join(
      "",
    )}<div class="fr-hp" aria-hidden="true"><label for="again-hp">Leave this empty</label><input id="again-hp" type="text" name="${esc(
    spec.honeypot,
  )}" tabindex="-1" autocomplete="off"></div><button class="btn" type="submit">${esc(spec.submit)}</button></form>`;
}

// ---- the page ---------------------------------------------------------------------------------

export interface FormPageOptions {
  status: number;
  /** The page's heading: what did not happen ("Your message was not sent"). */
  title: string;
  /** The alert above the list (the SPEC's words: "Please correct the errors in the form."). */
  alert: string;
  errors: string[];
  back: { href: string; label: string };
  form?: FormSpec;
  headers?: Headers;
}

/** A page on the site's look: its stylesheet, no script, nothing cached. */
function page(o: { status: number; title: string; main: string; headers?: Headers | undefined }): Response {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(o.title)} | ${esc(site.name)}</title>
<link rel="icon" href="/favicon.png" type="image/png" sizes="48x48">
<link rel="stylesheet" href="/styles/site.css">
</head>
<body>
<a class="skip-link" href="#main">Skip to content</a>
<header class="fr-top"><div class="container"><a href="/">${esc(site.name)}</a></div></header>
<main id="main" class="fr-main"><div class="container">
<h1>${esc(o.title)}</h1>
${o.main}
</div></main>
<footer class="fr-foot"><div class="container">© ${site.copyrightYear} ${esc(site.legalName)} · <a href="/">Home</a> · <a href="/privacy">Privacy notice</a> · <a href="mailto:${esc(site.email)}">${esc(site.email)}</a></div></footer>
</body>
</html>`;
  const h = new Headers();
  const retry = o.headers?.get("retry-after");
  if (retry) h.set("Retry-After", retry);
  h.set("Content-Type", "text/html; charset=utf-8");
  h.set("Cache-Control", NO_STORE);
  // A document that runs nothing: the stylesheet and images of this site only.
  h.set(
    "Content-Security-Policy",
    "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  );
  applySecurityHeaders(h);
  return new Response(html, { status: o.status, headers: h });
}

/** The page a native post that failed gets: the site's stylesheet, no script, nothing cached. */
export function formPage(o: FormPageOptions): Response {
  const list = o.errors.length
    ? `<ul class="fr-errors">${o.errors.map((e) => `<li>${esc(e)}</li>`).join("")}</ul>`
    : "";
  const again = o.form
    ? `<h2>Try again</h2><p>What you typed is below${
        o.form.multipart ? " (a file has to be chosen again)" : ""
      }.</p>${form(o.form)}`
    : "";
  return page({
    status: o.status,
    title: o.title,
    headers: o.headers,
    main: `<div class="alert alert--error" role="alert"><p>${esc(o.alert)}</p>${list}</div>
<p><a href="${esc(o.back.href)}">${esc(o.back.label)}</a></p>
${again}
<p class="muted">How we use and keep what you send, and your rights: read our <a href="/privacy">privacy notice</a>.</p>`,
  });
}

/**
 * A link a browser opened (a new tab of the dashboard) whose answer is a refusal: the message as
 * a short page, with the way back, instead of JSON.
 */
export function noticePage(o: {
  status: number;
  title: string;
  message: string;
  back: { href: string; label: string };
  headers?: Headers;
}): Response {
  return page({
    status: o.status,
    title: o.title,
    headers: o.headers,
    main: `<div class="alert alert--error" role="alert"><p>${esc(o.message)}</p></div>
<p><a href="${esc(o.back.href)}">${esc(o.back.label)}</a></p>`,
  });
}
