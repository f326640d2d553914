import type { Config } from "@netlify/functions";
import { updateProfileSchema } from "../../src/shared/staff/auth-schemas";
import { updateProfile } from "../../src/server/staff/profile";
import { endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { badRequest, json, parseBody, requireMethod, validate } from "../../src/server/http/http";
import { checkUpload } from "../../src/server/common/files";

/**
 * POST /api/update-profile (multipart: optional password with current_password, optional
 * profileImage) -> the profile. Every role may change its own profile; a new password needs the
 * current one, ends the user's other sessions and is told to the user by e-mail.
 */
export default endpoint(async (req, app) => {
  requireMethod(req, "POST");
  const s = await requireStaff(app, req, "read");
  const fields = await parseBody(req, { files: true });
  const text = (v: unknown) => (typeof v === "string" ? v : undefined);
  const { password, current_password: currentPassword } = validate(updateProfileSchema, {
    password: text(fields.password),
    current_password: text(fields.current_password),
  });
  const image = await checkUpload(fields.profileImage, {
    field: "profileImage",
    label: "The profile image",
    kinds: ["png", "jpg", "webp"],
  });
  if (!password && !image) throw badRequest("Choose a new profile image or enter a new password.");
  const profile = await updateProfile(app.deps, s, { password, currentPassword, image });
  return json({ message: "Profile updated successfully!", ...profile });
});

export const config: Config = { path: "/api/update-profile" };
