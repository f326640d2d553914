import type { Config } from "@netlify/functions";
import { Forbidden } from "../../src/server/common/errors";
import { endpoint } from "../../src/server/http/endpoint";
import { noticePage } from "../../src/server/http/form-page";
import { openDocument } from "../../src/server/trust/documents";
import { trustDocumentFileApi } from "../../src/shared/trust/api";
import { TRUST_PATH } from "../../src/config/trust";

/** Seconds the storage link a download is sent on to stays valid: it is followed at once. */
const STORAGE_LINK_SECONDS = 300;

/**
 * A document: public ones for anyone, restricted ones through a link an approval mailed (a
 * download is recorded on the request's lead). The bytes come from storage through a short-lived
 * signed link (303), never through the function. A link changed or expired gets a 403 page that
 * says which.
 */
export default endpoint(trustDocumentFileApi, async ({ deps, params: { id }, query }) => {
  try {
    const { key } = await openDocument(deps, id, query);
    const url = await deps.storage.signedUrl(key, {
      expiresIn: STORAGE_LINK_SECONDS,
      downloadName: `${id}.pdf`,
    });
    return new Response(null, { status: 303, headers: { Location: url, "Cache-Control": "no-store" } });
  } catch (err) {
    if (!(err instanceof Forbidden)) throw err;
    return noticePage({
      status: 403,
      title: "This link does not open the document",
      message: err.message,
      back: { href: `${TRUST_PATH}#request`, label: "Request documents from the trust center" },
    });
  }
});

export const config: Config = { path: "/api/trust-document/:id" };
