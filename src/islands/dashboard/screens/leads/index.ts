import type { DashboardScreen } from "../screen";
import LeadsInbox from "./LeadsInbox";
import { meta } from "./meta";

export const leads: DashboardScreen = { ...meta, Component: LeadsInbox };
