/**
 * The links an approval mails: `/api/trust-document/<document>?exp=<seconds>&sig=<hmac>`, signed
 * with the site's secret over the request's id, the document and the expiry, so a link works for
 * its own request only, for that document only, until it expires. The request is found again from
 * the expiry, which is its approval's (db trust_requests.link_expires_at), and the signature
 * tells which of the requests approved in that second it is.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

function mac(secret: string, request: number, document: string, exp: number): string {
  return createHmac("sha256", secret)
    .update(`trust-document\n${request}\n${document}\n${exp}`)
    .digest("base64url");
}

export function documentLink(
  siteUrl: string,
  secret: string,
  link: { request: number; document: string; exp: number },
): string {
  const q = new URLSearchParams({
    exp: String(link.exp),
    sig: mac(secret, link.request, link.document, link.exp),
  });
  return `${siteUrl.replace(/\/$/, "")}/api/trust-document/${link.document}?${q}`;
}

/** Whether `sig` is this request's signature of the document and expiry (in constant time). */
export function validSignature(
  secret: string,
  link: { request: number; document: string; exp: number },
  sig: string,
): boolean {
  const expected = Buffer.from(mac(secret, link.request, link.document, link.exp));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
