import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { overviewFor } from "../../src/server/overview/overview";
import { overviewApi } from "../../src/shared/audit/api";

/** The dashboard overview's figures: those of the caller's areas. */
export default endpoint(overviewApi, async ({ deps, staff }) => overviewFor(deps, staff.role));

export const config: Config = { path: "/api/overview" };
