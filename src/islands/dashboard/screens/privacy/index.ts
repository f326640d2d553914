import { lazy } from "react";
import type { DashboardScreen } from "../screen";
import { meta } from "./meta";

const load = () => import("./PrivacyAdmin");

export const privacy: DashboardScreen = { ...meta, load, Component: lazy(load) };
