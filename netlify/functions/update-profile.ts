import type { Config } from "@netlify/functions";
import { updateProfile } from "../../src/server/staff/profile";
import { endpoint } from "../../src/server/http/endpoint";
import { badRequest } from "../../src/server/http/errors";
import { checkUpload } from "../../src/server/common/files";
import { updateProfileApi } from "../../src/shared/staff/api";

const IMAGE = { field: "profileImage", label: "The profile image", kinds: ["png", "jpg", "webp"] } as const;

/** A new password needs the current one, ends the member's other sessions and is told to them by e-mail. */
export default endpoint(updateProfileApi, async ({ deps, staff, actor, body, fields }) => {
  const image = await checkUpload(fields.profileImage, IMAGE);
  if (!body.password && !image) throw badRequest("Choose a new profile image or enter a new password.");
  const change = { password: body.password, currentPassword: body.current_password, image };
  const profile = await updateProfile(deps, actor, staff, change);
  return { message: "Profile updated successfully!", ...profile };
});

export const config: Config = { path: "/api/update-profile" };
