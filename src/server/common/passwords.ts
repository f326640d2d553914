import bcrypt from "bcryptjs";
import { PASSWORD_MAX_BYTES, passwordBytes } from "../../shared/staff/password-rules";

/** bcrypt cost: about 0.1-0.2 s per hash on one core, slow enough for an offline attacker. */
export const BCRYPT_COST = 11;

/**
 * bcrypt reads only the first PASSWORD_MAX_BYTES bytes: a longer password is never hashed (the
 * rules refuse it first) and never matches, so no ending of a long password is ignored.
 */
export function hashPassword(password: string): Promise<string> {
  if (passwordBytes(password) > PASSWORD_MAX_BYTES)
    return Promise.reject(new Error("a password over bcrypt's 72 bytes reached hashPassword"));
  return bcrypt.hash(password, BCRYPT_COST);
}

export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  if (passwordBytes(password) > PASSWORD_MAX_BYTES) {
    // The same work as a real comparison, so the answer's time tells nothing.
    await bcrypt.compare("", hash);
    return false;
  }
  return bcrypt.compare(password, hash);
}
