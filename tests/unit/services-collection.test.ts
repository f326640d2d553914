/**
 * The service pages' content: one YAML file per route of SPEC section 2 (named after the route,
 * capitals kept), each valid against the collection's schema, and no file without its route.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import YAML from "yaml";
import { SERVICE_ROUTES } from "../../src/config/site";
import { serviceSchema } from "../../src/content/service-schema";

const dir = path.join(process.cwd(), "src/content/services");
const files = readdirSync(dir).filter((f) => f.endsWith(".yaml"));
const read = (route: string): unknown =>
  YAML.parse(readFileSync(path.join(dir, `${route.slice(1)}.yaml`), "utf8"));

describe("the services collection", () => {
  it("has exactly one file per service route", () => {
    expect(files.map((f) => `/${f.replace(/\.yaml$/, "")}`).sort()).toEqual([...SERVICE_ROUTES].sort());
  });

  it.each(SERVICE_ROUTES)("%s is valid against the schema", (route) => {
    const parsed = serviceSchema.safeParse(read(route));
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });

  it("refuses the old field names and a drawing that does not exist", () => {
    const page = read(SERVICE_ROUTES[0]) as { hero: Record<string, unknown> };
    expect(serviceSchema.safeParse({ ...page, hero: { ...page.hero, headertitle: "Old" } }).success).toBe(
      false,
    );
    expect(serviceSchema.safeParse({ ...page, hero: { ...page.hero, illustration: "nope" } }).success).toBe(
      false,
    );
  });
});
