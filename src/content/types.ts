/**
 * Shapes of the static content records of SPEC section 3. Pages and sections read these;
 * the copy itself lives beside this file, never inside markup.
 */
import type { IconName } from "../shared/common/icons";

/** Card colour tones; every tone keeps AA contrast for dark text on its background. */
export const TONES = ["blue", "green", "amber", "violet", "teal", "rose"] as const;
export type Tone = (typeof TONES)[number];

/** An illustration under public/illustrations/ (SVG, drawn for this site). */
export const ILLUSTRATIONS = [
  "cloud",
  "containers",
  "warehouse",
  "microservices",
  "team",
  "support",
  "ai-platform",
  "ai-brain",
  "monitoring",
  "security",
  "migration",
  "pipeline",
  "analytics",
  "handshake",
  "getstarted",
  // One hero drawing per service page and for the contact page.
  "svc-cloud",
  "svc-containers",
  "svc-warehouse",
  "svc-microservices",
  "svc-team",
  "svc-support",
  "svc-autoscale",
  "svc-private-ai",
  "contact",
] as const;
export type IllustrationName = (typeof ILLUSTRATIONS)[number];

export interface ServiceCard {
  icon: IconName;
  title: string;
  content: string;
  /** Target route of the Read More button. */
  route: string;
}

export interface StatTile {
  title: string;
  subtitle: string;
}

/** Plan list items of four kinds (SPEC: text, mark, paragraph, link). */
export type PlanItem =
  | { type: "text"; text: string }
  | { type: "mark"; text: string }
  | { type: "paragraph"; text: string }
  | { type: "link"; text: string; href: string };

export interface PlanCard {
  name: string;
  /** The centre heading, 'Recommended' on the middle plan. */
  badge?: string;
  summary: string;
  items: PlanItem[];
  features: { icon: IconName; caption: string }[];
}
