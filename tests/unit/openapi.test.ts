/**
 * The OpenAPI document (src/shared/api/openapi.ts): a valid OpenAPI 3.1 document by
 * @apidevtools/swagger-parser, with an operation for every function's `config.path` and method,
 * and the file the build writes (and GET /api/openapi.json serves) is the current one.
 */
import { readFileSync } from "node:fs";
import SwaggerParser from "@apidevtools/swagger-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { loadFunctions, type LoadedFunction } from "../../scripts/lib/functions";
import { OPENAPI_FILE, openApiText } from "../../src/integrations/openapi";
import { contractsOf } from "../../src/server/http/endpoint";
import { methodsOf } from "../../src/shared/api/contract";
import { openApiDocument, openApiPath } from "../../src/shared/api/openapi";

type Operation = { "x-netlify-path": string; security: unknown[]; "x-roles": string[] };
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>> };

const doc = openApiDocument() as Doc;
let fns: LoadedFunction[];
beforeAll(async () => {
  fns = await loadFunctions();
}, 60_000);

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1", async () => {
    expect(doc.openapi).toBe("3.1.0");
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it("finds a broken document invalid", async () => {
    const broken = structuredClone(doc);
    (broken.paths["/api/jobs"]!.get as unknown as Record<string, unknown>).responses = "none";
    await expect(SwaggerParser.validate(broken as never)).rejects.toThrow();
  });

  it("covers every function's config.path, with each method it takes", () => {
    const withPath = fns.filter((f) => f.path.startsWith("/api/"));
    expect(withPath.length).toBeGreaterThan(60);
    for (const f of withPath) {
      const item = doc.paths[openApiPath(f.path)];
      expect(item, f.path).toBeDefined();
      for (const c of contractsOf(f.exported).filter((c) => c.path === f.path))
        for (const m of methodsOf(c))
          expect(item![m.toLowerCase()]?.["x-netlify-path"], `${m} ${f.path}`).toBe(f.path);
    }
  });

  it("asks for the staff session exactly where a staff role is needed", () => {
    const ops = Object.values(doc.paths).flatMap((item) => Object.values(item));
    for (const op of ops) {
      const staffOnly = !op["x-roles"].includes("public");
      if (staffOnly) expect(op.security, op["x-netlify-path"]).toEqual([{ staffSession: [] }]);
      else expect(op.security, op["x-netlify-path"]).not.toContainEqual({ staffSession: [] });
    }
    expect(ops.filter((op) => JSON.stringify(op.security).includes("privacyCode")).length).toBe(3);
  });

  it("is the file the build wrote (run npm run build after changing a contract)", () => {
    expect(readFileSync(OPENAPI_FILE, "utf8")).toBe(openApiText());
  });
});
