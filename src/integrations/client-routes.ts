/**
 * The browser's copy of the API contracts: their routes alone.
 *
 * The contracts (src/shared/<area>/api.ts and <name>-api.ts) carry zod schemas, which the functions
 * parse with and the build writes the OpenAPI document from. An island needs only a contract's
 * method and path (src/islands/lib/api-client.ts reads nothing else), yet importing the contract
 * brings zod with it: 24 kB of compressed script before the dashboard's first screen. So in the
 * client build this plugin answers each contract module with a module of its routes, evaluated
 * from the real module at build time: `export const loginApi = { method: "POST", path: "/api/login" }`.
 * The server's build and the tests keep the real modules.
 *
 * The modules' other exports (the schemas of answers, the lists of contracts for the functions and
 * the OpenAPI document) are left out: an island that imported one would fail the build ("not
 * exported"), and should take what it needs from a module without zod.
 */
import { pathToFileURL } from "node:url";
import type { Plugin } from "vite";
import { tsImport } from "tsx/esm/api";

/** The contract modules: src/shared/<area>/api.ts and <name>-api.ts (admin-api.ts, leads-api.ts). */
export const CONTRACT_MODULE = /[\\/]src[\\/]shared[\\/][^\\/]+[\\/](?:[a-z-]+-)?api\.ts$/;

const isRoute = (v: unknown): v is { method: string; path: string } =>
  typeof v === "object" &&
  v !== null &&
  typeof (v as { method?: unknown }).method === "string" &&
  typeof (v as { path?: unknown }).path === "string";

/** The routes module of a contract module's exports: its contracts' routes, nothing else. */
export function routesModule(file: string, exports: Record<string, unknown>): string {
  const lines = [
    `// The routes of ${file.replace(/^.*[\\/]src[\\/]/, "src/")} (src/integrations/client-routes.ts).`,
  ];
  for (const [name, value] of Object.entries(exports)) {
    if (isRoute(value))
      lines.push(`export const ${name} = ${JSON.stringify({ method: value.method, path: value.path })};`);
  }
  return `${lines.join("\n")}\n`;
}

export function clientRoutes(): Plugin {
  return {
    name: "client-routes",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    async load(id) {
      const file = id.split("?")[0]!;
      if (!CONTRACT_MODULE.test(file)) return undefined;
      // tsx's loader, scoped to this import: the contracts' TypeScript, run in the build's Node.
      const exports = (await tsImport(pathToFileURL(file).href, import.meta.url)) as Record<string, unknown>;
      return routesModule(file, exports);
    },
  };
}
