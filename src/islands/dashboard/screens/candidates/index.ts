import { lazy } from "react";
import type { DashboardScreen } from "../screen";
import { meta } from "./meta";

const load = () => import("./CandidateAdmin");

export const candidates: DashboardScreen = { ...meta, load, Component: lazy(load) };
