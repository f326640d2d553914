/**
 * An applicant enters the code. A right one binds a single-use token (held by the applicant's
 * browser in an HttpOnly cookie) to the verification: the application must carry it, so only the
 * person who verified can apply under the address.
 */
import type { Deps } from "../common/deps";
import { verifyCode } from "../common/codes";

export type CodeCheck = "ok" | "wrong" | "expired";

/** Checks an applicant's code; "ok" binds `token` to the verification. */
export async function checkApplicationCode(
  deps: Pick<Deps, "db" | "mail" | "now" | "env" | "secret" | "requestId" | "after">,
  email: string,
  code: string,
  token?: string,
): Promise<CodeCheck> {
  const r = await verifyCode(deps, "application", email, code, token ? { token } : {});
  return r === "ok" ? "ok" : r === "wrong" ? "wrong" : "expired";
}
