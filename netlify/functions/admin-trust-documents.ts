import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { listAllDocuments } from "../../src/server/trust/document-admin";
import { adminTrustDocumentsApi } from "../../src/shared/trust/api";

/** Every trust center document with its state, for the dashboard's Site content screen. */
export default endpoint(adminTrustDocumentsApi, async ({ deps }) => ({
  documents: await listAllDocuments(deps),
}));

export const config: Config = { path: "/api/admin-trust-documents" };
