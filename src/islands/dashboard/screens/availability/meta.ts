import type { ScreenMeta } from "../screen";

export const meta: ScreenMeta = {
  path: "availability",
  label: "My availability",
  icon: "M7 2v2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2h-2V2h-2v2H9V2zm-2 7h14v11H5zm2 2v2h2v-2zm4 0v2h2v-2zm4 0v2h2v-2z",
  needs: "leads:change",
};
