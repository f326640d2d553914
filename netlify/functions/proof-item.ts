import type { Config } from "@netlify/functions";
import { endpoints, on } from "../../src/server/http/endpoint";
import { deleteProofItem, updateProofItem } from "../../src/server/site/proof-items";
import { deleteProofItemApi, updateProofItemApi } from "../../src/shared/site/api";
import { PROOF_KIND_LABELS } from "../../src/shared/site/site-content";

/** A published change purges the pages that show it. */
export default endpoints(
  on(updateProofItemApi, async ({ deps, actor, params: { id }, body }) => {
    const item = await updateProofItem(deps, actor, id, body);
    return { item, message: `${PROOF_KIND_LABELS[item.kind]} saved (${item.status})` };
  }),
  on(deleteProofItemApi, async ({ deps, actor, params: { id } }) => {
    await deleteProofItem(deps, actor, id);
    return { id, message: "Item deleted" };
  }),
);

export const config: Config = { path: "/api/proof-items/:id" };
