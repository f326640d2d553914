import type { ScreenMeta } from "../screen";

export const meta: ScreenMeta = {
  path: "audit",
  label: "Audit trail",
  icon: "M6 2h9l5 5v15H6zm8 1.5V8h4.5zM9 12h8v2H9zm0 4h8v2H9z",
  needs: "audit:read",
};
