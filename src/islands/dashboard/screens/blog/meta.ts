import type { ScreenMeta } from "../screen";

export const meta: ScreenMeta = {
  path: "blog",
  label: "Blog",
  icon: "M4 5h16v3H4zM4 10h10v2H4zM4 14h16v2H4zM4 18h12v2H4z",
  needs: "blog:read",
};
