import type { DashboardScreen } from "../screen";
import WebhooksAdmin from "./WebhooksAdmin";
import { meta } from "./meta";

export const webhooks: DashboardScreen = { ...meta, Component: WebhooksAdmin };
