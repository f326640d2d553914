import { lazyScreen, type DashboardScreen } from "../screen";
import { meta } from "./meta";

const load = () => import("./MyAvailability");

export const availability: DashboardScreen = lazyScreen(meta, load);
