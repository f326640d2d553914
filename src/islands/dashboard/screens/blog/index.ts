import { lazyScreen, type DashboardScreen } from "../screen";
import { meta } from "./meta";

const load = () => import("./BlogAdmin");

export const blog: DashboardScreen = lazyScreen(meta, load);
