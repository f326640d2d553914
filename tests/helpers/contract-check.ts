/**
 * Checks an endpoint's JSON answer against its contract (src/shared/api/): a success against the
 * response schema of the contract of the request's method and path (at its declared status), a
 * refusal against the contract's error schema. tests/helpers/setup.ts hands this check to
 * endpoint(), so every in-process call of every test (through `call` of dashboard-call.ts,
 * `callAsPlatform`, or a function called directly) fails on the answer that drifted.
 */
import type * as z from "zod";
import { errorBody, methodsOf, type Contract } from "../../src/shared/api/contract";
import { pathPattern } from "../../src/shared/api/route";

export class ContractViolation extends Error {
  override name = "ContractViolation";
}

/** The contract of a request among an endpoint's contracts (by method, then by path). */
export function contractFor(contracts: readonly Contract[], req: Request): Contract | undefined {
  const pathname = new URL(req.url).pathname;
  const byMethod = contracts.filter((c) => methodsOf(c).includes(req.method as Contract["method"]));
  return byMethod.find((c) => pathPattern(c.path).test(pathname)) ?? byMethod[0];
}

/** The schema an answer of this status must match, or a reason why no JSON may come. */
export function schemaFor(contracts: readonly Contract[], req: Request, status: number): z.ZodType | string {
  const c = contractFor(contracts, req);
  const where = `${req.method} ${new URL(req.url).pathname}`;
  if (!c) {
    // A method the endpoint does not take: only a refusal may come back.
    if (status >= 400) return contracts[0]?.error ?? errorBody;
    return `${where}: answered ${status}, but no contract of this endpoint takes ${req.method}`;
  }
  const special = c.statuses?.[status];
  if (special) return special;
  if (status >= 400) return c.error ?? errorBody;
  if (status !== (c.status ?? 200))
    return `${where}: answered ${status}; its contract says ${c.status ?? 200}`;
  return c.response ?? `${where}: answered JSON; its contract says ${c.produces}`;
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${i.path.join(".") || "(body)"}: ${i.message}`)
    .join("; ");
}

/** Throws a ContractViolation when a JSON answer is not what the endpoint's contract declares. */
export async function checkResponse(
  contracts: readonly Contract[],
  req: Request,
  res: Response,
): Promise<void> {
  if (!/^application\/json\b/i.test(res.headers.get("content-type") ?? "")) return;
  const text = await res.clone().text();
  if (req.method === "HEAD" && text === "") return;
  const where = `${req.method} ${new URL(req.url).pathname} (${res.status})`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ContractViolation(`${where}: the JSON answer does not parse: ${text.slice(0, 200)}`);
  }
  const schema = schemaFor(contracts, req, res.status);
  if (typeof schema === "string") throw new ContractViolation(schema);
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new ContractViolation(
      `${where}: the answer breaks its contract: ${describeIssues(parsed.error)}\n${text.slice(0, 500)}`,
    );
}
