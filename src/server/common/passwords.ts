import bcrypt from "bcryptjs";

/** bcrypt cost: about 0.1-0.2 s per hash on one core, slow enough for an offline attacker. */
export const BCRYPT_COST = 11;

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}
