import type { DashboardScreen } from "../screen";
import UserAdmin from "./UserAdmin";
import { meta } from "./meta";

export const users: DashboardScreen = { ...meta, Component: UserAdmin };
