import type { Config } from "@netlify/functions";
import { endpoints, on } from "../../src/server/http/endpoint";
import { addProofItem, listProofItems } from "../../src/server/site/proof-items";
import { addProofItemApi, proofItemsApi } from "../../src/shared/site/api";
import { PROOF_KIND_LABELS } from "../../src/shared/site/site-content";

/** Testimonials, client logos and partner badges: every role reads, editors and admins add. */
export default endpoints(
  on(proofItemsApi, async ({ deps, query }) => ({ items: await listProofItems(deps, query.kind) })),
  on(addProofItemApi, async ({ deps, actor, body }) => {
    const item = await addProofItem(deps, actor, body);
    return { item, message: `${PROOF_KIND_LABELS[item.kind]} added as ${item.status}` };
  }),
);

export const config: Config = { path: "/api/proof-items" };
