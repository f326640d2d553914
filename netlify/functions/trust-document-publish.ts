import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { publishDocument } from "../../src/server/trust/document-admin";
import { publishTrustDocumentApi } from "../../src/shared/trust/api";

/** Checks the uploaded file in storage (a PDF by its bytes, within the limit) and publishes it. */
export default endpoint(publishTrustDocumentApi, async ({ deps, actor, params: { id } }) => {
  const document = await publishDocument(deps, actor, id);
  return { document, message: `${document.title} published` };
});

export const config: Config = { path: "/api/trust-documents/:id/publish" };
