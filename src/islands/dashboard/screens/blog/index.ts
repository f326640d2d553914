import type { DashboardScreen } from "../screen";
import BlogAdmin from "./BlogAdmin";
import { meta } from "./meta";

export const blog: DashboardScreen = { ...meta, Component: BlogAdmin };
