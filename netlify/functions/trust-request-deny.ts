import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { decideTrustRequest } from "../../src/server/contact/security-review";
import { denyTrustRequestApi } from "../../src/shared/trust/api";

/** Tells the requester by mail; a decided request stays as it is. */
export default endpoint(denyTrustRequestApi, async ({ deps, actor, params: { id } }) => {
  const { request, changed } = await decideTrustRequest(deps, actor, id, "denied");
  const message = changed
    ? "Request denied: the requester was told"
    : `This request was already ${request.status}`;
  return { request, changed, message };
});

export const config: Config = { path: "/api/trust-requests/:id/deny" };
