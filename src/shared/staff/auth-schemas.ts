/**
 * Request schemas of the sign-in, password recovery, profile and user admin endpoints. The forms
 * use them for instant messages; the functions use them as the authority.
 */
import * as z from "zod";
import "../common/zod-config";
import { passwordProblem, PASSWORD_MAX_BYTES } from "./password-rules";
import { ROLES } from "./staff";

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@.]+$/;

/** A required e-mail address, trimmed and lowercased (accounts are stored lowercased). */
export const emailField = z
  .string({ error: "Email is required." })
  .trim()
  .min(1, "Email is required.")
  .max(254, "Email is too long.")
  .regex(EMAIL_RE, "Enter a valid email address.")
  .transform((v) => v.toLowerCase());

/** A new password: the rules of password-rules.ts. */
export const newPasswordField = z.string({ error: "Password is required." }).superRefine((v, ctx) => {
  const problem = passwordProblem(v);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

/** POST /api/login */
export const loginSchema = z.object({
  email: z
    .string({ error: "Email is required." })
    .trim()
    .min(1, "Email is required.")
    .max(254, "Email is too long.")
    .transform((v) => v.toLowerCase()),
  password: z
    .string({ error: "Password is required." })
    .min(1, "Password is required.")
    .max(1024, "Password is too long."),
});

/** POST /api/forgot-password */
export const forgotPasswordSchema = z.object({ email: emailField });

/**
 * POST /api/reset-password: every field required, passwords equal, then the password rules.
 * The problems are reported for the whole form, with the exact messages of the SPEC.
 */
export const resetPasswordSchema = z
  .object({
    email: z.string().default(""),
    otp: z.string().default(""),
    new_password: z.string().default(""),
    confirm_password: z.string().default(""),
  })
  .transform((v, ctx) => {
    const email = v.email.trim().toLowerCase();
    const otp = v.otp.trim();
    const problem = (message: string) => {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    };
    if (!email || !otp || !v.new_password || !v.confirm_password) return problem("All fields are required.");
    if (!EMAIL_RE.test(email) || email.length > 254) return problem("Enter a valid email address.");
    if (!/^\d{6}$/.test(otp)) return problem("The code is the 6 digits from the e-mail.");
    if (v.new_password !== v.confirm_password) return problem("Passwords do not match.");
    const weak = passwordProblem(v.new_password);
    if (weak) return problem(weak);
    return { email, otp, new_password: v.new_password, confirm_password: v.confirm_password };
  });

/** An unknown role code is refused with the list of the valid ones. */
export const roleField = z.enum(ROLES, {
  error: `The role must be one of ${ROLES.slice(0, -1).join(", ")} or ${ROLES.at(-1)}.`,
});

/** POST /api/add-user (role defaults to reader). */
export const addUserSchema = z.object({
  email: emailField,
  password: newPasswordField,
  role: roleField.default("reader"),
});

/** A new password that may be left blank (then the password is kept). */
const optionalNewPassword = z
  .string()
  .max(PASSWORD_MAX_BYTES * 4)
  .optional()
  .transform((v) => (v === undefined || v === "" ? undefined : v))
  .pipe(newPasswordField.optional());

/** PUT /api/edit-user/:id: a blank password is left out (the password is kept). */
export const editUserSchema = z.object({
  email: emailField,
  role: roleField,
  password: optionalNewPassword,
});

/** The text fields of POST /api/update-profile (multipart; the image is checked by its bytes). */
export const updateProfileSchema = z.object({
  password: optionalNewPassword,
  /** Asked for with a new password only; checked against the stored hash, never stored. */
  current_password: z
    .string()
    .max(1024, "The current password is too long.")
    .optional()
    .transform((v) => (v === "" ? undefined : v)),
});
