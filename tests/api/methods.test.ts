/**
 * Every address answers a method it does not take with 405 and an Allow that lists what it takes,
 * derived from the contracts: each path of the catalogue x each method none of its contracts
 * takes, as the owner of the site (so no refusal for want of a right can hide it).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { CONTRACTS } from "../../src/shared/api";
import { methodsOf, type Contract } from "../../src/shared/api/contract";
import { apiHarness, type ApiHarness } from "../helpers/api";

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];
const paths = [...new Set(CONTRACTS.map((c) => c.path))];
const takes = (p: string) => new Set(CONTRACTS.filter((c) => c.path === p).flatMap(methodsOf));
const cases = paths.flatMap((p) =>
  METHODS.filter((m) => !takes(p).has(m as Contract["method"])).map((m) => [m, p] as const),
);

let api: ApiHarness;
beforeAll(async () => {
  api = await apiHarness();
});
afterAll(() => api.close());

it("walks every path of the catalogue", () => {
  expect(paths.length).toBeGreaterThan(70);
  expect(cases.length).toBeGreaterThan(3 * paths.length);
});

it.each(cases)("%s %s: 405 with Allow", async (method, p) => {
  const contract = CONTRACTS.find((c) => c.path === p)!;
  const path = p.replace(/:\w+/g, "1").replace("*", "a/b");
  const res = await api.call(contract, { as: "root_admin", method, path });
  expect(res.status).toBe(405);
  const allow = (res.headers.get("allow") ?? "").split(", ").sort();
  expect(allow).toEqual([...takes(p)].sort());
});
