import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { deleteDocument } from "../../src/server/trust/document-admin";
import { deleteTrustDocumentApi } from "../../src/shared/trust/api";

/** Removes a document and its stored file. */
export default endpoint(deleteTrustDocumentApi, async ({ deps, actor, params: { id } }) => {
  await deleteDocument(deps, actor, id);
  return { id, message: "Document removed" };
});

export const config: Config = { path: "/api/trust-documents/:id" };
