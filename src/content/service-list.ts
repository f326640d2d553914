/**
 * The service pages as templates read them, in the order of SPEC's routes, their
 * `${company.name}` placeholders filled in from src/config/company.json (src/config/company-text.ts).
 */
import { getEntry } from "astro:content";
import { SERVICE_ROUTES, site } from "../config/site";
import { fillCompanyDeep } from "../config/company-text";
import type { ServicePage } from "./service-schema";

/** The page at `route`, or undefined when no service has that route. */
export async function serviceByRoute(route: string): Promise<ServicePage | undefined> {
  const entry = await getEntry("services", route.slice(1));
  return entry ? { ...fillCompanyDeep(entry.data, site, entry.filePath ?? entry.id), route } : undefined;
}

export async function servicePages(): Promise<ServicePage[]> {
  const pages = await Promise.all(SERVICE_ROUTES.map(serviceByRoute));
  const missing = SERVICE_ROUTES.filter((_, i) => !pages[i]);
  if (missing.length) throw new Error(`No content for the service pages ${missing.join(", ")}`);
  return pages as ServicePage[];
}
