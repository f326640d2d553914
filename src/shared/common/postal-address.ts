import { site } from "../../config/site";

/** The company's address as schema.org structured data (the organisation and every opening). */
export function postalAddressLd() {
  return {
    "@type": "PostalAddress",
    streetAddress: site.address.street,
    addressLocality: site.address.locality,
    addressRegion: site.address.region,
    postalCode: site.address.postalCode,
    addressCountry: site.address.country,
  };
}
