import type { DashboardScreen } from "../screen";
import TrustCenter from "./TrustCenter";
import { meta } from "./meta";

export const trust: DashboardScreen = { ...meta, Component: TrustCenter };
