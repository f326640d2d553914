import type { DashboardScreen } from "../screen";
import { meta } from "./meta";
import SiteContent from "./SiteContent";

export const site: DashboardScreen = { ...meta, Component: SiteContent };
