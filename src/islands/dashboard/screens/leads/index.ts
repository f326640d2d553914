import { lazy } from "react";
import type { DashboardScreen } from "../screen";
import { meta } from "./meta";

const load = () => import("./LeadsInbox");

export const leads: DashboardScreen = { ...meta, load, Component: lazy(load) };
