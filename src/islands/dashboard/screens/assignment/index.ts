import { lazyScreen, type DashboardScreen } from "../screen";
import { meta } from "./meta";

const load = () => import("./AssignmentRules");

export const assignment: DashboardScreen = lazyScreen(meta, load);
