import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { respond } from "../../src/server/http/http";
import { cdnCache } from "../../src/server/platform/cdn";
import { documentPath, listDocuments, showsExamples } from "../../src/server/trust/documents";
import { TRUST_TAGS } from "../../src/server/trust/cache-tags";
import { trustDocumentsApi } from "../../src/shared/trust/api";

/** The trust center's documents; cached by the CDN until a document changes. */
export default endpoint(trustDocumentsApi, async ({ deps }) => {
  const documents = (await listDocuments(deps, { examples: showsExamples(deps.env) })).map((d) => ({
    id: d.id,
    title: d.title,
    access: d.access,
    ...(d.access === "public" ? { url: documentPath(d.id) } : {}),
  }));
  return respond(trustDocumentsApi, { documents }, { headers: cdnCache(TRUST_TAGS) });
});

export const config: Config = { path: "/api/trust-documents" };
