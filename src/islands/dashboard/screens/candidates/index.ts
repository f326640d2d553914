import type { DashboardScreen } from "../screen";
import CandidateAdmin from "./CandidateAdmin";
import { meta } from "./meta";

export const candidates: DashboardScreen = { ...meta, Component: CandidateAdmin };
