import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { searchPerson } from "../../src/server/privacy/staff";
import { privacySearchApi } from "../../src/shared/privacy/api";

/** As the person's own export; audited, naming the person by a keyed hash of the address only. */
export default endpoint(privacySearchApi, async ({ deps, actor, query: { email } }) =>
  searchPerson(deps, actor, email),
);

export const config: Config = { path: "/api/privacy/search" };
