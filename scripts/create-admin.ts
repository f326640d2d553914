/**
 * `npm run create-admin -- --email you@company.com`: makes a root_admin account. The password is
 * read from the terminal (or ADMIN_PASSWORD for scripted use), never from the command line.
 */
import { createInterface } from "node:readline/promises";
import { loadEnv } from "../src/server/platform/env";
import { migrate } from "../src/server/platform/db/migrate";
import { hashPassword } from "../src/server/common/passwords";
import { passwordProblem } from "../src/shared/staff/password-rules";
import { openCommandDb, runCommand } from "./lib/database";

const e = loadEnv();
const i = process.argv.indexOf("--email");
const email = (i > 0 ? process.argv[i + 1] : "")?.trim().toLowerCase();
if (!email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
  console.error("Usage: npm run create-admin -- --email you@company.com");
  process.exit(1);
}
let password = process.env.ADMIN_PASSWORD;
if (!password) {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  password = await rl.question("Password (at least 12 characters, at most 72 bytes): ");
  rl.close();
}
const problem = passwordProblem(password);
if (problem) {
  console.error(problem);
  process.exit(1);
}
const pass = password;
await runCommand(async () => {
  const db = await openCommandDb(e);
  try {
    await migrate(db);
    const rows = await db.query(
      `INSERT INTO users (email, password_hash, role) VALUES ($1, $2, 'root_admin')
       ON CONFLICT (email) DO NOTHING RETURNING id`,
      [email, await hashPassword(pass)],
    );
    console.log(rows.length ? `Created root_admin ${email}.` : `An account for ${email} already exists.`);
  } finally {
    await db.close();
  }
});
