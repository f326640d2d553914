import { lazy } from "react";
import type { DashboardScreen } from "../screen";
import { meta } from "./meta";

const load = () => import("./AuditTrail");

export const audit: DashboardScreen = { ...meta, load, Component: lazy(load) };
