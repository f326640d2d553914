/**
 * The fingerprint of a comment sender marked as spam: a keyed hash of the e-mail address
 * (lowercased), so the next comment from it is held without the address being kept. Moderation
 * writes and reads it; the privacy export and erasure find a person's by their address.
 */
import { createHmac } from "node:crypto";

export function spamEmailKey(secret: string, email: string): string {
  return createHmac("sha256", `comment-spam:${secret}`)
    .update(email.trim().toLowerCase())
    .digest("base64url");
}
