/**
 * What the function files' `config` literals say, read from their text as Netlify's bundler reads
 * them (statically): each file's paths and its `rateLimit`.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { functionFiles } from "../../scripts/lib/functions";
import { CONTRACTS } from "../../src/shared/api";

/** The `config` literal of a function file, as text, braces balanced. */
export function configLiteral(text: string): string | undefined {
  const start = text.indexOf("export const config: Config = {");
  if (start < 0) return undefined;
  let depth = 0;
  for (let i = text.indexOf("{", start); i < text.length; i++) {
    if (text[i] === "{") depth++;
    else if (text[i] === "}" && --depth === 0) return text.slice(start, i + 1);
  }
  return undefined;
}

/** The literal's `rateLimit`, read as JSON5-ish text: its numbers and aggregation. */
export function rateLimitOf(config: string) {
  const body = /\brateLimit:\s*\{([^}]*)\}/.exec(config)?.[1];
  if (!body) return undefined;
  const num = (name: string) =>
    Number(new RegExp(`\\b${name}:\\s*([\\d_]+)`).exec(body)?.[1]?.replaceAll("_", ""));
  const aggregateBy = [...(/\baggregateBy:\s*\[([^\]]*)\]/.exec(body)?.[1] ?? "").matchAll(/"(\w+)"/g)].map(
    (m) => m[1],
  );
  return { windowLimit: num("windowLimit"), windowSize: num("windowSize"), aggregateBy };
}

export const functionConfigs = functionFiles().map((file) => {
  const config = configLiteral(readFileSync(file, "utf8")) ?? "";
  const paths = [...(/\bpath:\s*(\[[^\]]*\]|"[^"]*")/.exec(config)?.[1] ?? "").matchAll(/"([^"]+)"/g)].map(
    (m) => m[1]!,
  );
  return { name: path.basename(file, ".ts"), config, paths };
});

/** Public write endpoints, from the contracts: anyone may call them (or with the privacy page's cookie). */
export const PUBLIC_WRITES = CONTRACTS.filter(
  (c) =>
    (c.access === "public" || c.access === "privacy-cookie") &&
    ["POST", "PUT", "PATCH", "DELETE"].includes(c.method),
);
