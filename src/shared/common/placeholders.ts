/**
 * What a demo value looks like, in one place: the functions refuse example settings at run time
 * (src/server/platform/env.ts) and the production build refuses the owner's file and demo content
 * by the same rules (src/config/production-check.ts).
 */

/** The reserved example domains of RFC 2606 (example.com, .org, .net). */
const EXAMPLE_DOMAIN = /(^|[.@/])example\.(com|org|net)(?=$|[>:/\s])/i;

export function isExampleValue(value: string): boolean {
  return EXAMPLE_DOMAIN.test(value.trim());
}

/**
 * 555-0100 to 555-0199: the North American numbers reserved for fiction (NANPA), which is where
 * the demo phone number lives.
 */
export function isFictionalPhone(value: string): boolean {
  const digits = value.replace(/\D/g, "");
  return /55501\d\d$/.test(digits);
}

/** A social or video address whose handle is still "example" (linkedin.com/company/example, youtube.com/@example). */
export function isExampleHandle(value: string): boolean {
  try {
    const url = new URL(value);
    return url.pathname.split("/").some((seg) => /^@?example$/i.test(seg));
  } catch {
    return false;
  }
}

/** Any of the three: an example domain, a fictional phone number or an example handle. */
export function placeholderKind(value: string): string | undefined {
  if (isExampleValue(value)) return "an example.com/.org/.net address";
  if (isExampleHandle(value)) return "an /example handle";
  if (isFictionalPhone(value)) return "a fictional 555-01xx number";
  return undefined;
}
