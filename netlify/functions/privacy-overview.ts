import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { privacyOverview } from "../../src/server/privacy/staff";
import { privacyOverviewApi } from "../../src/shared/privacy/api";

/** What the housekeeping job did on each of its recent runs. */
export default endpoint(privacyOverviewApi, async ({ deps }) => privacyOverview(deps));

export const config: Config = { path: "/api/privacy/overview" };
