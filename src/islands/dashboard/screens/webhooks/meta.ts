import type { ScreenMeta } from "../screen";

export const meta: ScreenMeta = {
  path: "webhooks",
  label: "Webhooks",
  icon: "M10 3a4 4 0 0 0-3.46 6l-3.3 5.7A3 3 0 1 0 5 16.7l4.14-7.18-.87-.5A2 2 0 1 1 12 7h2a4 4 0 0 0-4-4zm7.5 8a4 4 0 0 0-3.45 2H7v2h8.3l.6-1a2 2 0 1 1 1.6 3.2V19a4 4 0 0 0 0-8zM12 9.3l-1.73 1 3.95 6.84A3 3 0 1 0 16 16l-.06.03z",
  needs: "webhooks:read",
};
