import { lazy } from "react";
import type { DashboardScreen } from "../screen";
import { meta } from "./meta";

const load = () => import("./AssignmentRules");

export const assignment: DashboardScreen = { ...meta, load, Component: lazy(load) };
