import { lazyScreen, type DashboardScreen } from "../screen";
import { meta } from "./meta";

const load = () => import("./SiteContent");

export const site: DashboardScreen = lazyScreen(meta, load);
