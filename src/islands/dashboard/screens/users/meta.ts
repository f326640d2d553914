import type { ScreenMeta } from "../screen";

export const meta: ScreenMeta = {
  path: "users",
  label: "User Admin",
  icon: "M12 2l8 3v6c0 5-3.4 9.4-8 11-4.6-1.6-8-6-8-11V5zm0 5a3 3 0 1 0 0 6 3 3 0 0 0 0-6z",
  needs: "users:read",
};
