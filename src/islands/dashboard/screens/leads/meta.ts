import { inquiriesApi } from "../../../../shared/contact/leads-api";
import type { ScreenMeta } from "../screen";

export const meta: ScreenMeta = {
  path: "leads",
  label: "Leads",
  icon: "M3 5h18v14H3zm2 2v.5l7 4.5 7-4.5V7zm0 2.9V17h14V9.9l-7 4.5z",
  needs: "leads:read",
  firstCall: inquiriesApi,
};
