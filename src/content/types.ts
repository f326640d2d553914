/**
 * Shapes of the static content records of SPEC section 3. Pages and sections read these;
 * the copy itself lives beside this file, never inside markup.
 */
import type { IconName } from "../shared/common/icons";

/** Card colour tones; every tone keeps AA contrast for dark text on its background. */
export type Tone = "blue" | "green" | "amber" | "violet" | "teal" | "rose";

/** An illustration under public/illustrations/ (SVG, drawn for this site). */
export type IllustrationName =
  | "cloud"
  | "containers"
  | "warehouse"
  | "microservices"
  | "team"
  | "support"
  | "ai-platform"
  | "ai-brain"
  | "monitoring"
  | "security"
  | "migration"
  | "pipeline"
  | "analytics"
  | "handshake"
  | "getstarted"
  // One hero drawing per service page and for the contact page.
  | "svc-cloud"
  | "svc-containers"
  | "svc-warehouse"
  | "svc-microservices"
  | "svc-team"
  | "svc-support"
  | "svc-autoscale"
  | "svc-private-ai"
  | "contact";

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

export interface ServiceHero {
  headertitle: string;
  headersubtitle: string;
  /** Always 'Introduction'. */
  title: string;
  subtitle: string;
  subtitle1: string;
  btn: "Get Started" | "Contact Us";
  urlImg: IllustrationName;
  imgAlt: string;
}

export interface ToneReason {
  title: string;
  content: string;
  bgClass: Tone;
}

export interface ImageReason {
  image: IllustrationName;
  title: string;
  description: string;
}

export interface IconReason {
  image: IconName;
  title: string;
  description: string;
}

export interface ServicePage {
  /** The exact route of SPEC section 2, e.g. '/microervice-development'. */
  route: string;
  /** Short name used in cards and the footer. */
  name: string;
  seo: { title: string; description: string };
  hero: ServiceHero;
  cards: { header: { title: string }; reasonsSection: { reasons: ImageReason[] } };
  approach: { header: { title: string }; reasonsSection: { reasons: ToneReason[] } };
  /** 'Name: explanation' strings. */
  benefits: string[];
  features: { header: { title: string }; reasonsSection: { reasons: ToneReason[] } };
  trust: {
    header: { title: string; subtitle: string };
    trustSection: { title: string; description: string; description2: string; image: IllustrationName };
    reasonsSection: { title: string; reasons: IconReason[] };
  };
}
