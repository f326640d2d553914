import type { DashboardScreen } from "../screen";
import AuditTrail from "./AuditTrail";
import { meta } from "./meta";

export const audit: DashboardScreen = { ...meta, Component: AuditTrail };
