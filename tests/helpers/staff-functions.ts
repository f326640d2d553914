/**
 * The staff endpoints, derived from the functions themselves: every function of
 * netlify/functions that answers 401 to a visitor without a session, for any method (the
 * self-service page's endpoints, whose 401 asks for an e-mail code instead, are listed apart). Role
 * matrices check that they cover each of these, so a new staff endpoint without a row fails.
 */
import { loadFunctions, type LoadedFunction } from "../../scripts/lib/functions";
import type { GivenPorts } from "../../src/server/http/app";

/** The staff functions of user accounts and the profile: tests/api/auth-matrix.test.ts has their
 * rows; tests/api/dashboard-roles.test.ts has a row for every other staff function. */
export const ACCOUNT_FUNCTIONS = new Set([
  "get-users",
  "add-user",
  "edit-user",
  "delete-user",
  "profile",
  "update-profile",
]);

export const SITE = "http://localhost:4321";
export const METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH"] as const;

/** A path this function takes, with its :id or * filled in. */
export const samplePath = (f: LoadedFunction) => f.path.replace(/:\w+\*?/g, "1").replace(/\*/g, "1");

export function probe(f: LoadedFunction, method: string, headers: Record<string, string> = {}) {
  const body = method === "GET" || method === "HEAD" ? undefined : "{}";
  return f.handler(
    new Request(`${SITE}${samplePath(f)}`, {
      method,
      headers: { origin: SITE, ...(body ? { "content-type": "application/json" } : {}), ...headers },
      body,
    }),
    {},
  );
}

/** The 401 of the self-service page's endpoints (src/server/http/privacy-auth.ts) names this scheme. */
const PRIVACY_SCHEME = /^EmailCode /;

async function asking(
  scheme: "staff" | "privacy",
  given: () => GivenPorts,
): Promise<{ fn: LoadedFunction; methods: string[] }[]> {
  const out: { fn: LoadedFunction; methods: string[] }[] = [];
  for (const fn of await loadFunctions(undefined, given)) {
    const methods: string[] = [];
    for (const m of METHODS) {
      const res = await probe(fn, m);
      const privacy = PRIVACY_SCHEME.test(res.headers.get("www-authenticate") ?? "");
      if (res.status === 401 && privacy === (scheme === "privacy")) methods.push(m);
    }
    if (methods.length) out.push({ fn, methods });
  }
  return out;
}

/**
 * Every function, each with the methods at which a visitor without a staff session gets 401; the
 * functions are called with the test's back ends (`given`, read at each call).
 */
export const staffFunctions = (given: () => GivenPorts) => asking("staff", given);

/**
 * The functions of the self-service page (/privacy/my-data), each with the methods at which a
 * visitor without the page's e-mail-code cookie gets 401.
 */
export const privacyFunctions = (given: () => GivenPorts) => asking("privacy", given);

/** True when one of the matrix's request paths ("/api/x/12", "GET /api/x/:id") is this function's. */
export function covers(paths: string[], f: LoadedFunction): boolean {
  return paths.some((p) =>
    f.pattern.test(
      p
        .replace(/^[A-Z]+ /, "")
        .replace(/:\w+/g, "1")
        .split("?")[0]!,
    ),
  );
}
