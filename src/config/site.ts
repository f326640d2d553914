/**
 * Company facts and site-wide settings, as the code imports them. The facts come from the owner's
 * file, src/config/company.json, validated by src/config/company-schema.ts when this module loads
 * (so a wrong value fails the build, the tests and the functions alike). A production build also
 * refuses the demo values it ships with (src/config/production-check.ts).
 */
import company from "./company.json" with { type: "json" };
import { parseCompany } from "./company-schema";

const facts = parseCompany(company);

export const site = {
  ...facts,
  phoneHref: `tel:+${facts.phone.replace(/\D/g, "")}`,
  social: {
    linkedin: facts.social.linkedin,
    fb: facts.social.facebook,
    insta: facts.social.instagram,
    xt: facts.social.x,
  },
} as const;

export const CONTACT_PATH = "/contact";

/**
 * The eight service pages' routes, as SPEC section 2 gives them (its case included), with
 * /microservice-development spelt right (SPEC's /microervice-development moves there:
 * src/config/redirects.ts). Each has its content in src/content/services/<route without the slash>.yaml;
 * tests/unit/services-collection.test.ts holds the two together.
 */
export const SERVICE_ROUTES = [
  "/managed-cloud-services",
  "/managed-container-service",
  "/data-warehousing",
  "/microservice-development",
  "/outsourcing",
  "/l1-support",
  "/AI-powered-container-platform",
  "/dedicated-AI",
] as const;

export const CAREERS_PATH = "/careers";

/**
 * The header's entries: SPEC's five (home, about, service, product, contact Us), with case
 * studies, the blog, careers and the trust center before the last. The key is the first path segment.
 */
export const NAV = [
  { key: "home", label: "home", href: "/" },
  { key: "about", label: "about", href: "/about" },
  { key: "service", label: "service", href: "/service" },
  { key: "product", label: "product", href: "/product" },
  { key: "case-studies", label: "case studies", href: "/case-studies" },
  { key: "blog", label: "blog", href: "/blog" },
  { key: "careers", label: "careers", href: CAREERS_PATH },
  { key: "trust", label: "trust", href: "/trust" },
  { key: "contact", label: "contact Us", href: CONTACT_PATH },
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
