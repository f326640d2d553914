import { lazyScreen, type DashboardScreen } from "../screen";
import { meta } from "./meta";

const load = () => import("./AuditTrail");

export const audit: DashboardScreen = lazyScreen(meta, load);
