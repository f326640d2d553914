import type { ScreenMeta } from "../screen";

export const meta: ScreenMeta = {
  path: "candidates",
  label: "Candidates",
  icon: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-8 8c0-4 4-6 8-6s8 2 8 6z",
  needs: "candidates:read",
};
