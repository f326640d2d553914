import { lazy } from "react";
import type { DashboardScreen } from "../screen";
import { meta } from "./meta";

const load = () => import("./Overview");

export const overview: DashboardScreen = { ...meta, load, Component: lazy(load) };
