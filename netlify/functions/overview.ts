import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { overview } from "../../src/server/overview/overview";
import { overviewApi } from "../../src/shared/audit/api";

/** The dashboard overview's figures. */
export default endpoint(overviewApi, async ({ deps }) => overview(deps));

export const config: Config = { path: "/api/overview" };
