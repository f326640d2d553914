/** The audit trail's contract (GET /api/audit-log), shared by the server and the root_admin screen. */
import * as z from "zod";
import "../common/zod-config";
import { withDayRange } from "../common/schema-fields";

/** GET /api/audit-log?who=&action=&from=&to=&page=: who is a part of an e-mail, action an area or an exact action. */
export const auditQuery = withDayRange({
  who: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() || undefined : v),
    z.string().max(254, "who must be at most 254 characters.").optional(),
  ),
  action: z.preprocess(
    (v) => (v === "" || v === "all" ? undefined : v),
    z
      .string()
      .regex(/^[a-z_]+(\.[a-z_]+)?$/, "action must be an area such as lead, or an action such as lead.stage.")
      .max(60, "action must be at most 60 characters.")
      .optional(),
  ),
});
export type AuditFilters = z.infer<typeof auditQuery>;
