import { lazy } from "react";
import type { DashboardScreen } from "../screen";
import { meta } from "./meta";

const load = () => import("./UserAdmin");

export const users: DashboardScreen = { ...meta, load, Component: lazy(load) };
