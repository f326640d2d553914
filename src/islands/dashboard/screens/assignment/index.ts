import type { DashboardScreen } from "../screen";
import AssignmentRules from "./AssignmentRules";
import { meta } from "./meta";

export const assignment: DashboardScreen = { ...meta, Component: AssignmentRules };
