import type { ScreenMeta } from "../screen";

export const meta: ScreenMeta = {
  path: "site",
  label: "Site content",
  icon: "M4 4h16v4H4zm0 6h7v10H4zm9 0h7v4h-7zm0 6h7v4h-7z",
  needs: "site:read",
};
