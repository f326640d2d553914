import type { DashboardScreen } from "../screen";
import Overview from "./Overview";
import { meta } from "./meta";

export const overview: DashboardScreen = { ...meta, Component: Overview };
