/**
 * The demo social proof (what clients say, who they are, the cloud partner programmes) that
 * `npm start` seeds into a new database (scripts/seed/site-content.ts); staff keep the real ones in
 * the dashboard's "Site content" screen. The entries are `example: true`: they carry a visible
 * "Example" badge, production refuses to publish them, and /api/health names any left published.
 */

export interface Testimonial {
  quote: string;
  /** The person's name, or their title when the client is not named. */
  author: string;
  /** The client, or a description of it when it is not named. */
  company: string;
  example: boolean;
}

/** The small mark drawn beside a client's name (inline SVG, no image files). */
export type LogoMark = "circle" | "square" | "triangle" | "hexagon" | "bars" | "wave";

export interface ClientLogo {
  name: string;
  mark: LogoMark;
  example: boolean;
}

export interface PartnerBadge {
  /** The cloud, e.g. "AWS". */
  cloud: string;
  /** The programme or tier, e.g. "Select Tier Services Partner". */
  programme: string;
  example: boolean;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    quote:
      "Our night calls used to wait the better part of an hour. Now a clinician gets a real answer in minutes, and our own team finally sleeps.",
    author: "Director of Infrastructure",
    company: "A US regional healthcare network",
    example: true,
  },
  {
    quote:
      "They built the platform with us rather than for us. We went from a release every two weeks to several a day without adding headcount.",
    author: "VP of Engineering",
    company: "A Midwest logistics software company",
    example: true,
  },
  {
    quote:
      "Finance and merchandising finally quote the same revenue number. The two engineers who joined us work our hours and feel like our own team.",
    author: "Head of Analytics",
    company: "A US specialty retailer",
    example: true,
  },
];

export const CLIENT_LOGOS: readonly ClientLogo[] = [
  { name: "Lakeshore Health", mark: "circle", example: true },
  { name: "Meridian Freight", mark: "triangle", example: true },
  { name: "Copperleaf Retail", mark: "hexagon", example: true },
  { name: "Bluestem Mutual", mark: "square", example: true },
  { name: "Tallgrass Labs", mark: "bars", example: true },
  { name: "Harborline Credit Union", mark: "wave", example: true },
];

export const PARTNER_BADGES: readonly PartnerBadge[] = [
  { cloud: "AWS", programme: "Select Tier Services Partner", example: true },
  { cloud: "Microsoft Azure", programme: "Solutions Partner for Infrastructure", example: true },
  { cloud: "Google Cloud", programme: "Partner Advantage, Build", example: true },
];
