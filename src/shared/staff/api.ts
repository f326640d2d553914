/** Staff sign-in, their own profile and sessions, and the root_admin's user accounts. */
import * as z from "zod";
import "../common/zod-config";
import {
  addUserSchema,
  editUserSchema,
  forgotPasswordSchema,
  loginSchema,
  resetPasswordSchema,
  updateProfileSchema,
} from "./auth-schemas";
import { ROLES } from "./staff";
import { contract } from "../api/contract";
import { iso, message } from "../api/fields";

const role = z.enum(ROLES);
const done = z.strictObject({ success: z.literal(true), message });

/** A user account as the Users screen lists it. */
export const publicUser = z.strictObject({ id: z.number().int(), email: z.string(), role });
export type PublicUser = z.infer<typeof publicUser>;

/** The signed-in member's own profile. */
export const profile = z.strictObject({ email: z.string(), role, profile_image: z.string() });
export type Profile = z.infer<typeof profile>;

/** One signed-in device of a staff member, as Profile Settings lists it (the owner's own only). */
export const sessionInfo = z.strictObject({
  /** The session's handle (not its secret id). */
  id: z.string(),
  /** The browser and system, from its User-Agent. */
  device: z.string(),
  /** The client address it signed in from; shown to its owner only. */
  address: z.string().nullable(),
  created_at: iso,
  last_seen_at: iso,
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfo>;

export const loginApi = contract({
  method: "POST",
  path: "/api/login",
  summary: "Signs a staff member in: sets the session cookie",
  access: "public",
  body: loginSchema,
  response: z.strictObject({ role }),
});

export const logoutApi = contract({
  method: "POST",
  path: "/api/logout",
  summary: "Ends this browser's session",
  access: "public",
  response: z.strictObject({ success: z.literal(true) }),
});

export const checkSessionApi = contract({
  method: "GET",
  path: "/api/check-session",
  summary: "Who is signed in on this browser, if anyone",
  access: "public",
  response: z.union([
    z.strictObject({ loggedIn: z.literal(true), role, email: z.string(), userId: z.number().int() }),
    z.strictObject({ loggedIn: z.literal(false) }),
  ]),
});

export const forgotPasswordApi = contract({
  method: "POST",
  path: "/api/forgot-password",
  summary: "Mails a reset code when the address has an account (the answer never tells)",
  access: "public",
  body: forgotPasswordSchema,
  response: z.strictObject({ message }),
});

export const resetPasswordApi = contract({
  method: "POST",
  path: "/api/reset-password",
  summary: "A new password with the mailed code",
  access: "public",
  body: resetPasswordSchema,
  response: z.strictObject({ message }),
});

export const profileApi = contract({
  method: "GET",
  path: "/api/profile",
  summary: "The signed-in member's profile",
  access: "account:read",
  response: profile,
});

export const updateProfileApi = contract({
  method: "POST",
  path: "/api/update-profile",
  summary: "A new profile image and/or password (the current one is needed for a new password)",
  access: "account:change",
  body: updateProfileSchema,
  files: { profileImage: false },
  response: profile.extend({ message }),
});

export const sessionsApi = contract({
  method: "GET",
  path: "/api/sessions",
  summary: "The member's own active sessions, most recently used first",
  access: "account:read",
  response: z.strictObject({ sessions: z.array(sessionInfo) }),
});

export const endSessionApi = contract({
  method: "DELETE",
  path: "/api/sessions/:id",
  summary: "Signs one of the member's own sessions out",
  access: "account:change",
  params: {
    id: z
      .string()
      .regex(/^[\w-]{10,64}$/, "The session id is not valid.")
      .describe("The session's handle from GET /api/sessions"),
  },
  response: done,
});

export const getUsersApi = contract({
  method: "GET",
  path: "/api/get-users",
  summary: "Every user account",
  access: "users:read",
  response: z.strictObject({ users: z.array(publicUser) }),
});

export const addUserApi = contract({
  method: "POST",
  path: "/api/add-user",
  summary: "A new user account",
  access: "users:change",
  body: addUserSchema,
  status: 201,
  response: z.strictObject({ user: publicUser, message }),
});

export const editUserApi = contract({
  method: "PUT",
  path: "/api/edit-user/:id",
  summary: "Changes a user's e-mail, role or password (ending their sessions on a role or password change)",
  access: "users:change",
  ids: { id: "user id" },
  body: editUserSchema,
  response: z.strictObject({ user: publicUser, message }),
});

export const deleteUserApi = contract({
  method: "DELETE",
  path: "/api/delete-user/:id",
  summary: "Deletes a user account (never the last root_admin, never one's own)",
  access: "users:change",
  ids: { id: "user id" },
  response: done,
});

export const STAFF_API = [
  loginApi,
  logoutApi,
  checkSessionApi,
  forgotPasswordApi,
  resetPasswordApi,
  profileApi,
  updateProfileApi,
  sessionsApi,
  endSessionApi,
  getUsersApi,
  addUserApi,
  editUserApi,
  deleteUserApi,
];
