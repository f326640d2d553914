import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { listAudit } from "../../src/server/audit/trail";
import { auditLogApi } from "../../src/shared/audit/api";

/** Newest first. */
export default endpoint(auditLogApi, async ({ deps, query }) => listAudit(deps, query));

export const config: Config = { path: "/api/audit-log" };
