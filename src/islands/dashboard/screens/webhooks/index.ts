import { lazyScreen, type DashboardScreen } from "../screen";
import { meta } from "./meta";

const load = () => import("./WebhooksAdmin");

export const webhooks: DashboardScreen = lazyScreen(meta, load);
