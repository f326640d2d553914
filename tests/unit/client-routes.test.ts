/**
 * The browser's contracts are their routes alone (src/integrations/client-routes.ts): every
 * contract module, evaluated as the build does, gives each contract's method and path and nothing
 * else, and the plugin knows every contract module.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CONTRACT_MODULE, routesModule } from "../../src/integrations/client-routes";
import { CONTRACTS } from "../../src/shared/api/index";
import { PLATFORM } from "../../src/shared/api/platform";
import type { Contract } from "../../src/shared/api/contract";

const SHARED = path.resolve("src/shared");
const contractModules = readdirSync(SHARED, { recursive: true, encoding: "utf8" })
  .map((f) => path.join(SHARED, f))
  .filter((f) => CONTRACT_MODULE.test(f));

/** Evaluates a routes module's text as the browser would, to its exports (a plain object). */
async function evaluate(code: string): Promise<Record<string, unknown>> {
  const ns = (await import(/* @vite-ignore */ `data:text/javascript,${encodeURIComponent(code)}`)) as object;
  return Object.fromEntries(Object.entries(ns));
}

describe("the browser's contracts", () => {
  it("are each contract's method and path, and none of the module's other exports", async () => {
    const code = routesModule("/repo/src/shared/demo/api.ts", {
      loginApi: { method: "POST", path: "/api/login", summary: "Signs in", response: { parse() {} } },
      postApi: { method: "GET", path: "/api/posts/:id" },
      postSchema: { parse() {} },
      DEMO: [{ method: "POST", path: "/api/login" }],
    });
    expect(await evaluate(code)).toEqual({
      loginApi: { method: "POST", path: "/api/login" },
      postApi: { method: "GET", path: "/api/posts/:id" },
    });
  });

  it("cover every contract, from the modules the plugin answers for", async () => {
    expect(contractModules.length).toBeGreaterThan(5);
    const routes = new Map<string, unknown>();
    for (const file of contractModules) {
      const real = (await import(file)) as Record<string, unknown>;
      const browser = await evaluate(routesModule(file, real));
      for (const [name, route] of Object.entries(browser)) {
        const contract = real[name] as { method: string; path: string };
        expect(route, `${path.relative(SHARED, file)}: ${name}`).toEqual({
          method: contract.method,
          path: contract.path,
        });
        routes.set(`${contract.method} ${contract.path}`, route);
      }
    }
    // Every feature's contract is in a module the plugin answers for (the platform's few, in
    // src/shared/api/platform.ts, reach islands only as routes their pages hand them).
    const missing = CONTRACTS.filter((c) => !(PLATFORM as readonly Contract[]).includes(c))
      .filter((c) => !routes.has(`${c.method} ${c.path}`))
      .map((c) => `${c.method} ${c.path}`);
    expect(missing).toEqual([]);
  });
});
