/** Password rules shared by the forms and the server. */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;

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
  if (password.length < PASSWORD_MIN) return `The password must be at least ${PASSWORD_MIN} characters.`;
  if (password.length > PASSWORD_MAX) return `The password must be at most ${PASSWORD_MAX} characters.`;
  if (COMMON.has(password.toLowerCase()) || /^(.)\1+$/.test(password))
    return "This password is too common. Please choose another.";
  return undefined;
}
