/** Staff credentials: the account behind an e-mail, and the password check of sign-in. */
import { isRole, type Role } from "../../shared/staff/staff";
import type { Deps } from "../common/deps";
import { verifyPassword } from "../common/passwords";

// A real bcrypt hash of a random string, compared when the e-mail is unknown so that an unknown
// address and a wrong password take the same time.
export const DUMMY_HASH = "$2b$11$q7Q./suQGg7N2ByymgkH5OLCUQC6LzlMBPy7UIhDTBRxSCCKkCmKa";

export interface UserRow {
  id: number;
  email: string;
  role: Role;
  password_hash: string;
  failed_logins: number;
  locked_until: Date | string | null;
  [k: string]: unknown;
}

export async function findUserByEmail({ db }: Pick<Deps, "db">, email: string): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow>(
    "SELECT id, email, role, password_hash, failed_logins, locked_until FROM users WHERE email = $1",
    [email.toLowerCase()],
  );
  const row = rows[0];
  return row && isRole(row.role) ? row : undefined;
}

/**
 * `user` when the password is right; otherwise undefined, in about the same time whether or not
 * the e-mail has an account. `account` is the row found (for failure counting), right or wrong.
 */
export async function checkCredentials(
  deps: Pick<Deps, "db">,
  email: string,
  password: string,
): Promise<{ user: UserRow | undefined; account: UserRow | undefined }> {
  const account = await findUserByEmail(deps, email);
  const ok = await verifyPassword(password, account?.password_hash ?? DUMMY_HASH);
  return { user: account && ok ? account : undefined, account };
}
