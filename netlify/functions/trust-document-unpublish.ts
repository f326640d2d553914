import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { unpublishDocument } from "../../src/server/trust/document-admin";
import { unpublishTrustDocumentApi } from "../../src/shared/trust/api";

/** Takes a document off /trust; it stays as a draft with its file. */
export default endpoint(unpublishTrustDocumentApi, async ({ deps, actor, params: { id } }) => {
  const document = await unpublishDocument(deps, actor, id);
  return { document, message: `${document.title} unpublished` };
});

export const config: Config = { path: "/api/trust-documents/:id/unpublish" };
