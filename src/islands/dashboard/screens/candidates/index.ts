import { lazyScreen, type DashboardScreen } from "../screen";
import { meta } from "./meta";

const load = () => import("./CandidateAdmin");

export const candidates: DashboardScreen = lazyScreen(meta, load);
