import { lazy } from "react";
import type { DashboardScreen } from "../screen";
import { meta } from "./meta";

const load = () => import("./WebhooksAdmin");

export const webhooks: DashboardScreen = { ...meta, load, Component: lazy(load) };
