/** /.well-known/security.txt (RFC 9116), built once per build from src/config/trust.json. Pure. */

export interface SecurityTxtInput {
  /** The site's origin, e.g. https://www.example.com */
  base: string;
  contact: string;
  preferredLanguages: readonly string[];
  expiresInDays: number;
  /** The build's time: Expires is counted from it (at most a year later). */
  now: Date;
}

export const SECURITY_TXT_PATH = "/.well-known/security.txt";

export function securityTxt(i: SecurityTxtInput): string {
  const root = i.base.replace(/\/$/, "");
  const days = Math.min(365, Math.max(1, i.expiresInDays));
  const expires = new Date(i.now.getTime() + days * 86_400_000);
  expires.setUTCMilliseconds(0);
  return [
    `Contact: ${i.contact}`,
    `Expires: ${expires.toISOString().replace(".000Z", "Z")}`,
    `Policy: ${root}/security`,
    `Preferred-Languages: ${i.preferredLanguages.join(", ")}`,
    `Canonical: ${root}${SECURITY_TXT_PATH}`,
    "",
  ].join("\n");
}
