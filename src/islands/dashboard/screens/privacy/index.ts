import { lazyScreen, type DashboardScreen } from "../screen";
import { meta } from "./meta";

const load = () => import("./PrivacyAdmin");

export const privacy: DashboardScreen = lazyScreen(meta, load);
