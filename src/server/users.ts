/** Staff accounts: sign-in checks. */
import { isRole, type Role } from "../lib/staff";
import type { Db } from "./db";
import { verifyPassword } from "./passwords";

// A real bcrypt hash of a random string, compared when the e-mail is unknown so that an unknown
// address and a wrong password take the same time.
const DUMMY_HASH = "$2b$11$q7Q./suQGg7N2ByymgkH5OLCUQC6LzlMBPy7UIhDTBRxSCCKkCmKa";

export interface UserRow {
  id: number;
  email: string;
  role: Role;
  password_hash: string;
  [k: string]: unknown;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow>("SELECT id, email, role, password_hash FROM users WHERE email = $1", [
    email.toLowerCase(),
  ]);
  const row = rows[0];
  return row && isRole(row.role) ? row : undefined;
}

/** The user when the password is right; undefined otherwise, in about the same time either way. */
export async function checkCredentials(
  db: Db,
  email: string,
  password: string,
): Promise<UserRow | undefined> {
  const user = await findUserByEmail(db, email);
  const ok = await verifyPassword(password, user?.password_hash ?? DUMMY_HASH);
  return user && ok ? user : undefined;
}
