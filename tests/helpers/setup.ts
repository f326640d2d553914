/** Every in-process test runs with a known environment and no rate limits unless it asks. */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setResponseCheck } from "../../src/server/http/endpoint";
import { resetEnv } from "../../src/server/platform/env";
import { checkResponse } from "./contract-check";

process.env.SESSION_SECRET ??= "test-secret-test-secret-test-secret-0123456789";
process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "nimbus-test-"));
process.env.SITE_URL = "http://localhost:4321";
process.env.LOG_LEVEL ??= "silent";
process.env.RATE_LIMITS ??= "off";
delete process.env.DATABASE_URL;
delete process.env.S3_BUCKET;
resetEnv();

// Every JSON answer of an endpoint is checked against its contract (tests/helpers/contract-check.ts).
setResponseCheck(checkResponse);
