import { lazyScreen, type DashboardScreen } from "../screen";
import { meta } from "./meta";

const load = () => import("./Overview");

export const overview: DashboardScreen = lazyScreen(meta, load);
