import { lazyScreen, type DashboardScreen } from "../screen";
import { meta } from "./meta";

const load = () => import("./UserAdmin");

export const users: DashboardScreen = lazyScreen(meta, load);
