/**
 * Password rules shared by the forms and the server. The length is counted in characters as a
 * person counts them (code points: an emoji is one), and the most is what bcrypt reads: it uses
 * only the first 72 bytes of UTF-8, so a longer password would sign in with any ending.
 */
export const PASSWORD_MIN = 12;
/** bcrypt's limit, in UTF-8 bytes (https://en.wikipedia.org/wiki/Bcrypt#Maximum_password_length). */
export const PASSWORD_MAX_BYTES = 72;

/** Characters as a person counts them: code points, so "🔒" is one and not two UTF-16 units. */
export const passwordLength = (password: string): number => [...password].length;

/** The password's size in UTF-8 bytes, what bcrypt reads. */
export const passwordBytes = (password: string): number => new TextEncoder().encode(password).length;

export const PASSWORD_TOO_LONG = `The password must be at most ${PASSWORD_MAX_BYTES} bytes: ${PASSWORD_MAX_BYTES} plain letters, digits or signs, fewer with accents, other scripts or emoji. Please shorten it.`;

// The most common passwords of 12+ characters in public breach lists; the rest fail on length.
const COMMON = new Set([
  "123456789012",
  "1234567890123",
  "qwertyuiopas",
  "passwordpassword",
  "password1234",
  "password12345",
  "password123456",
  "administrator",
  "administrator1",
  "iloveyou1234",
  "qwerty123456",
  "welcome12345",
  "letmein12345",
  "changeme1234",
  "abc123456789",
  "111111111111",
  "000000000000",
  "aaaaaaaaaaaa",
  "qwertyqwerty",
  "1q2w3e4r5t6y",
  "football1234",
  "baseball1234",
  "superman1234",
  "trustno1trustno1",
  "p@ssw0rd1234",
  "passw0rd1234",
  "admin1234567",
  "adminadmin12",
]);

/** A message saying what is wrong with the password, or undefined when it is acceptable. */
export function passwordProblem(password: string): string | undefined {
  if (passwordLength(password) < PASSWORD_MIN)
    return `The password must be at least ${PASSWORD_MIN} characters.`;
  if (passwordBytes(password) > PASSWORD_MAX_BYTES) return PASSWORD_TOO_LONG;
  if (COMMON.has(password.toLowerCase()) || /^(.)\1+$/.test(password))
    return "This password is too common. Please choose another.";
  return undefined;
}
