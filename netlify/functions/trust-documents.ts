import type { Config } from "@netlify/functions";
import { endpoints, on } from "../../src/server/http/endpoint";
import { respond } from "../../src/server/http/responses";
import { cdnCache } from "../../src/server/platform/cdn";
import { documentPath, listDocuments, showsExamples } from "../../src/server/trust/documents";
import { startUpload } from "../../src/server/trust/document-admin";
import { TRUST_TAGS } from "../../src/server/trust/cache-tags";
import { trustDocumentsApi, uploadTrustDocumentApi } from "../../src/shared/trust/api";

/**
 * The trust center's published documents, cached by the CDN until a document changes; admins
 * start an upload here (a draft, and the signed link the browser PUTs the PDF to).
 */
export default endpoints(
  on(trustDocumentsApi, async ({ deps }) => {
    const documents = (await listDocuments(deps, { examples: showsExamples(deps.env) })).map((d) => ({
      id: d.id,
      title: d.title,
      access: d.access,
      ...(d.access === "public" ? { url: documentPath(d.id) } : {}),
    }));
    return respond(trustDocumentsApi, { documents }, { headers: cdnCache(TRUST_TAGS) });
  }),
  on(uploadTrustDocumentApi, async ({ deps, actor, body }) => {
    const { document, upload } = await startUpload(deps, actor, body);
    return { document, upload, message: `Uploading ${document.title}…` };
  }),
);

export const config: Config = { path: "/api/trust-documents" };
