import { z } from "zod";

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
