/** A request for restricted documents as staff see it, from the columns a lead's query joins in. */
import type { TrustRequestView } from "../../shared/trust/api";

export interface TrustRequestColumns {
  tr_id: number | null;
  tr_documents: string[] | null;
  tr_nda_version: string | null;
  tr_nda_accepted_at: Date | string | null;
  tr_status: string | null;
  tr_decided_at: Date | string | null;
  tr_decided_by: string | null;
  tr_link_expires_at: Date | string | null;
  [k: string]: unknown;
}

const iso = (v: Date | string | null) => (v ? new Date(v).toISOString() : null);

const STATUSES = ["pending", "approved", "denied"] as const;

export function trustRequestOf(r: TrustRequestColumns & { id: number }): TrustRequestView | null {
  if (r.tr_id === null || r.tr_id === undefined) return null;
  return {
    id: r.tr_id,
    lead: r.id,
    documents: r.tr_documents ?? [],
    ndaVersion: r.tr_nda_version ?? "",
    ndaAcceptedAt: iso(r.tr_nda_accepted_at) ?? "",
    status: STATUSES.find((s) => s === r.tr_status) ?? "pending",
    decidedAt: iso(r.tr_decided_at),
    decidedBy: r.tr_decided_by,
    linksExpireAt: iso(r.tr_link_expires_at),
  };
}
