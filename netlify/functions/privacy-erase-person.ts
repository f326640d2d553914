import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { eraseEverything } from "../../src/server/privacy/self-service";
import { privacyErasePersonApi } from "../../src/shared/privacy/api";

/** Exactly as the person's own request (rows anonymised, files deleted), audited without the address. */
export default endpoint(privacyErasePersonApi, async ({ deps, actor, body: { email } }) => ({
  success: true,
  erased: await eraseEverything(deps, email, actor),
}));

export const config: Config = { path: "/api/privacy/erase-person" };
