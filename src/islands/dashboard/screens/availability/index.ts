import type { DashboardScreen } from "../screen";
import MyAvailability from "./MyAvailability";
import { meta } from "./meta";

export const availability: DashboardScreen = { ...meta, Component: MyAvailability };
