import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { heldData } from "../../src/server/privacy/held-data";
import { privacyMyDataApi } from "../../src/shared/privacy/api";

/** Everything held under the verified address (each resume with a 5-minute link). */
export default endpoint(privacyMyDataApi, async ({ deps, email }) => heldData(deps, email));

export const config: Config = { path: "/api/privacy/my-data" };
