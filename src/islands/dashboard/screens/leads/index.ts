import { lazyScreen, type DashboardScreen } from "../screen";
import { meta } from "./meta";

const load = () => import("./LeadsInbox");

export const leads: DashboardScreen = lazyScreen(meta, load);
