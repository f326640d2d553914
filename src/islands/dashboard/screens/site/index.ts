import { lazy } from "react";
import type { DashboardScreen } from "../screen";
import { meta } from "./meta";

const load = () => import("./SiteContent");

export const site: DashboardScreen = { ...meta, load, Component: lazy(load) };
