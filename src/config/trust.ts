/** The trust center's settings as the code imports them, validated when this module loads. */
import data from "./trust.json" with { type: "json" };
import { parseTrust } from "./trust-schema";

export const trust = parseTrust(data);

export const TRUST_PATH = "/trust";
export const SECURITY_PATH = "/security";
