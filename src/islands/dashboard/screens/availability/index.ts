import { lazy } from "react";
import type { DashboardScreen } from "../screen";
import { meta } from "./meta";

const load = () => import("./MyAvailability");

export const availability: DashboardScreen = { ...meta, load, Component: lazy(load) };
