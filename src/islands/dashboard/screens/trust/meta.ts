import type { ScreenMeta } from "../screen";

export const meta: ScreenMeta = {
  path: "trust",
  label: "Trust center",
  icon: "M12 2 4 5v6c0 5 3.4 9.7 8 11 4.6-1.3 8-6 8-11V5zm-1 14-4-4 1.4-1.4 2.6 2.6 5.6-5.6L18 9z",
  needs: "site:read",
};
