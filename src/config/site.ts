/** Company facts and site-wide settings, in one place. */
export const site = {
  name: "Nimbus Cloud Ops",
  legalName: "Nimbus Cloud Ops Private Limited",
  tagline: "We design websites and run the IT behind them, around the clock.",
  description:
    "Managed cloud, Kubernetes, data warehousing, microservices, staff augmentation and 24/7 L1 support for US businesses, delivered from Chennai, India.",
  phone: "+1 (415) 555-0134",
  phoneHref: "tel:+14155550134",
  email: "sales@example.com",
  careersEmail: "careers@example.com",
  /** Where people write about their personal data (the privacy notice at /privacy names it). */
  privacyEmail: "privacy@example.com",
  address: {
    street: "Tidel Park, 4 Rajiv Gandhi Salai",
    locality: "Chennai",
    region: "Tamil Nadu",
    postalCode: "600113",
    country: "IN",
  },
  foundingYear: 2021,
  copyrightYear: 2025,
  social: {
    linkedin: "https://www.linkedin.com/company/example",
    fb: "https://www.facebook.com/example",
    insta: "https://www.instagram.com/example",
    xt: "https://x.com/example",
  },
  videoChannel: "https://www.youtube.com/@example",
} as const;

export const CONTACT_PATH = "/contact%20us";

export const NAV = [
  { key: "home", label: "home", href: "/" },
  { key: "about", label: "about", href: "/about" },
  { key: "service", label: "service", href: "/service" },
  { key: "product", label: "product", href: "/product" },
  { key: "contact us", label: "contact Us", href: CONTACT_PATH },
] as const;

/** The active entry is the lowercased first path segment, 'home' for the root. */
export function activeNav(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape (`/%ff`) names no page of the menu; the raw path matches none either.
  }
  const first = decoded.split("/")[1]?.toLowerCase() ?? "";
  return first === "" ? "home" : first;
}

/** Paths of staff screens: no public header or footer there. */
export function isStaffPath(pathname: string): boolean {
  return /^\/(admin|dashboard)(\/|$)/i.test(pathname);
}
