import type { ScreenMeta } from "../screen";

export const meta: ScreenMeta = {
  path: "privacy",
  label: "Privacy",
  icon: "M12 1a5 5 0 0 0-5 5v4H5v12h14V10h-2V6a5 5 0 0 0-5-5zm-3 5a3 3 0 0 1 6 0v4H9zm3 8a2 2 0 0 1 1 3.7V20h-2v-2.3A2 2 0 0 1 12 14z",
  needs: "privacy:read",
};
