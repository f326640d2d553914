import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { decideTrustRequest } from "../../src/server/contact/security-review";
import { approveTrustRequestApi } from "../../src/shared/trust/api";

/** Mails the requester a signed link per document, valid 7 days; a decided request stays as it is. */
export default endpoint(approveTrustRequestApi, async ({ deps, actor, params: { id } }) => {
  const { request, changed } = await decideTrustRequest(deps, actor, id, "approved");
  const message = changed
    ? "Request approved: the links were e-mailed to the requester"
    : `This request was already ${request.status}`;
  return { request, changed, message };
});

export const config: Config = { path: "/api/trust-requests/:id/approve" };
