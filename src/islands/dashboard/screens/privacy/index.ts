import type { DashboardScreen } from "../screen";
import PrivacyAdmin from "./PrivacyAdmin";
import { meta } from "./meta";

export const privacy: DashboardScreen = { ...meta, Component: PrivacyAdmin };
