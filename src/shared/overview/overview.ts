/** The dashboard overview's figures (GET /api/overview), shared by the server and the screen. */

/** The shape the API answers (its contract: src/shared/api/). */
export type { Overview } from "../api/audit";
