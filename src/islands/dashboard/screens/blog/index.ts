import { lazy } from "react";
import type { DashboardScreen } from "../screen";
import { meta } from "./meta";

const load = () => import("./BlogAdmin");

export const blog: DashboardScreen = { ...meta, load, Component: lazy(load) };
