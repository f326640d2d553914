import type { Config } from "@netlify/functions";
import { updateProfile } from "../../src/server/staff/profile";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { badRequest, parseBody, requireMethod, validate, respond } from "../../src/server/http/http";
import { checkUpload } from "../../src/server/common/files";
import { updateProfileApi } from "../../src/shared/api/staff";

/**
 * POST /api/update-profile (multipart: optional password with current_password, optional
 * profileImage) -> the profile. Every role may change its own profile; a new password needs the
 * current one, ends the user's other sessions and is told to the user by e-mail.
 */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "POST");
    const s = await requireStaff(app, req, "read");
    const fields = await parseBody(req, { files: true });
    const text = (v: unknown) => (typeof v === "string" ? v : undefined);
    const { password, current_password: currentPassword } = validate(updateProfileApi.body, {
      password: text(fields.password),
      current_password: text(fields.current_password),
    });
    const image = await checkUpload(fields.profileImage, {
      field: "profileImage",
      label: "The profile image",
      kinds: ["png", "jpg", "webp"],
    });
    if (!password && !image) throw badRequest("Choose a new profile image or enter a new password.");
    const who = { ...s, address: app.clientIp || null };
    const profile = await updateProfile(app.deps, who, { password, currentPassword, image });
    return respond(updateProfileApi, { message: "Profile updated successfully!", ...profile });
  },
  { api: updateProfileApi },
);

export const config: Config = { path: "/api/update-profile" };
