import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { eraseEverything } from "../../src/server/privacy/self-service";
import { privacyErasePersonApi } from "../../src/shared/privacy/api";

/** Exactly as the person's own request (rows anonymised, files deleted, receivers of copies asked to delete them), audited without the address. */
export default endpoint(privacyErasePersonApi, async ({ deps, actor, body: { email } }) => {
  const { counts, askedToDelete } = await eraseEverything(deps, email, actor);
  return { success: true, erased: counts, askedToDelete };
});

export const config: Config = { path: "/api/privacy/erase-person" };
