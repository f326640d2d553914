/**
 * The functions runtime of the production rehearsal: runs the zip bundles that Netlify's build
 * made (.netlify/functions/*.zip, unpacked read-only into the task root) the way Netlify runs
 * them on AWS Lambda:
 *   - each bundle's own entry point (`___netlify-entry-point.mjs`, Netlify's bootstrap around the
 *     function) is the Lambda handler, invoked through lambda-local (the Lambda emulation that
 *     Netlify's own local runtime uses) with the event Netlify's edge sends, response streaming on;
 *   - a bundle is imported on its first call (the cold start) and stays loaded for the next
 *     calls, as a warm Lambda instance keeps its module state;
 *   - the process environment is exactly what the caller gave (a deployed function's variables),
 *     the working directory is the read-only task root, and when started as root the process
 *     drops to an unprivileged user before it serves anything: like Lambda, it can write only
 *     under /tmp.
 *
 * Usage: node runtime.mjs --task-root DIR --manifest FILE --port N --origin URL [--user nobody] [--only a,b]
 * Requests carry the function's name in `x-rehearse-function` (set by the rehearsal's edge).
 * Prints one JSON line per invocation: { fn, status, ms, cold, initMs } to stdout.
 */
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import lambdaLocal from "lambda-local";

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  if (i > 0 && process.argv[i + 1]) return process.argv[i + 1];
  if (fallback !== undefined) return fallback;
  throw new Error(`missing --${name}`);
}

const taskRoot = path.resolve(arg("task-root"));
const manifest = JSON.parse(readFileSync(arg("manifest"), "utf8"));
const port = Number(arg("port"));
const origin = arg("origin");
const user = arg("user", "nobody");
/** Serve only these functions (comma-separated): a fresh runtime per function for the bench. */
const only = arg("only", "");

/** A synchronous function's event may not exceed 6 MB (AWS Lambda quotas, "Invocation payload"). */
const MAX_EVENT_BYTES = 6 * 1024 * 1024;
/** Netlify's synchronous function time limit. */
const TIMEOUT_MS = 30_000;

lambdaLocal.getLogger().level = "alert";

const functions = new Map(
  manifest.functions
    .filter((f) => !only || only.split(",").includes(f.name))
    .map((f) => [f.name, { name: f.name, dir: path.join(taskRoot, f.name), mod: undefined }]),
);

// Read-only working directory, then no more root: nothing but /tmp is writable from here on.
process.chdir(taskRoot);
if (process.getuid?.() === 0) {
  const uid = Number(execFileSync("id", ["-u", user], { encoding: "utf8" }).trim());
  const gid = Number(execFileSync("id", ["-g", user], { encoding: "utf8" }).trim());
  process.setgroups([gid]);
  process.setgid(gid);
  process.setuid(uid);
}

/** Loads a bundle's Lambda handler; the first call of a function pays for it (its cold start). */
async function load(fn) {
  if (!fn.mod) {
    const t = performance.now();
    fn.mod = import(pathToFileURL(path.join(fn.dir, "___netlify-entry-point.mjs")).href).then((mod) => ({
      mod,
      initMs: performance.now() - t,
    }));
  }
  return fn.mod;
}

async function readBody(req) {
  const chunks = [];
  for await (const c of req) chunks.push(c);
  return Buffer.concat(chunks);
}

/** The Lambda event Netlify's edge sends to a streaming function. */
function lambdaEvent(req, body, fnName) {
  const url = new URL(req.url ?? "/", origin);
  const headers = {};
  const multiValueHeaders = {};
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined || k === "x-rehearse-function" || k === "x-rehearse-route") continue;
    const values = Array.isArray(v) ? v : [v];
    headers[k] = values.join(", ");
    multiValueHeaders[k] = values;
  }
  const ip = String(req.headers["x-forwarded-for"] ?? "127.0.0.1")
    .split(",")[0]
    .trim();
  const platform = {
    "x-nf-client-connection-ip": ip,
    "x-nf-site-id": process.env.SITE_ID ?? "",
    "x-nf-account-id": "rehearsal-account",
    "x-nf-deploy-id": "rehearsal",
    "x-nf-deploy-context": "production",
    "x-nf-deploy-published": "1",
    "x-nf-request-id": randomUUID(),
    "x-nf-geo": Buffer.from(
      JSON.stringify({ city: "Ashburn", country: { code: "US", name: "United States" }, timezone: "UTC" }),
    ).toString("base64"),
  };
  for (const [k, v] of Object.entries(platform)) {
    headers[k] = v;
    multiValueHeaders[k] = [v];
  }
  const queryStringParameters = {};
  const multiValueQueryStringParameters = {};
  url.searchParams.forEach((value, key) => {
    queryStringParameters[key] = queryStringParameters[key]
      ? `${queryStringParameters[key]},${value}`
      : value;
    (multiValueQueryStringParameters[key] ??= []).push(value);
  });
  return {
    rawUrl: url.toString(),
    rawQuery: url.search.slice(1),
    path: url.pathname,
    httpMethod: req.method,
    headers,
    multiValueHeaders,
    queryStringParameters,
    multiValueQueryStringParameters,
    // Netlify sends bodies base64-encoded when they are binary; always encoding is equivalent
    // for the bootstrap and keeps the size check honest.
    body: body.length ? body.toString("base64") : null,
    isBase64Encoded: body.length > 0,
    // The matched path of the function's config (e.g. /api/delete-post/:id): the bootstrap
    // builds context.params from it, as on Netlify.
    route: req.headers["x-rehearse-route"] ? String(req.headers["x-rehearse-route"]) : undefined,
    flags: {},
    invocationMetadata: { function_name: fnName },
    // The platform hands the purge token to the function with each event.
    purgeAPIToken: process.env.NETLIFY_PURGE_API_TOKEN,
  };
}

function sendJson(res, status, body) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

const server = http.createServer(async (req, res) => {
  const name = String(req.headers["x-rehearse-function"] ?? "");
  const fn = functions.get(name);
  if (!fn) return sendJson(res, 404, { error: `No function named ${name}` });
  const started = performance.now();
  try {
    const body = await readBody(req);
    const event = lambdaEvent(req, body, name);
    if (Buffer.byteLength(JSON.stringify(event)) > MAX_EVENT_BYTES) {
      // What Lambda answers when the invocation payload is too large.
      console.log(JSON.stringify({ fn: name, status: 413, ms: 0, cold: false, tooLarge: true }));
      return sendJson(res, 413, { error: "Request must be smaller than 6291456 bytes for the function." });
    }
    const wasCold = !fn.mod;
    const { mod, initMs } = await load(fn);
    process.env.AWS_LAMBDA_FUNCTION_NAME = name;
    process.env.LAMBDA_TASK_ROOT = fn.dir;
    const result = await lambdaLocal.execute({
      lambdaFunc: mod,
      lambdaHandler: "handler",
      event,
      clientContext: JSON.stringify({ custom: {} }),
      timeoutMs: TIMEOUT_MS,
      verboseLevel: 0,
    });
    const headers = {};
    for (const [k, v] of Object.entries(result.headers ?? {}))
      if (v !== undefined) headers[k.toLowerCase()] = String(v);
    for (const [k, values] of Object.entries(result.multiValueHeaders ?? {}))
      headers[k.toLowerCase()] = values.map(String);
    if (result.cookies?.length) headers["set-cookie"] = result.cookies;
    res.writeHead(result.statusCode ?? 200, headers);
    const out = result.body;
    if (out && typeof out.pipe === "function") {
      out.pipe(res);
      await new Promise((resolve) => res.on("close", resolve));
    } else {
      res.end(
        out === undefined || out === null
          ? undefined
          : result.isBase64Encoded
            ? Buffer.from(out, "base64")
            : out,
      );
    }
    console.log(
      JSON.stringify({
        fn: name,
        status: result.statusCode,
        ms: Math.round(performance.now() - started),
        cold: wasCold,
        ...(wasCold ? { initMs: Math.round(initMs) } : {}),
      }),
    );
  } catch (err) {
    console.log(JSON.stringify({ fn: name, status: 502, error: String(err?.errorMessage ?? err) }));
    if (!res.headersSent) sendJson(res, 502, { error: `The function ${name} failed to run.` });
    else res.end();
  }
});

server.listen(port, "127.0.0.1", () => {
  console.log(JSON.stringify({ ready: true, port, functions: functions.size, uid: process.getuid?.() }));
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => server.close(() => process.exit(0)));
