import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { readCookie } from "../../src/server/http/cookies";
import {
  APPLY_COOKIE,
  clearApplyCookie,
  LIMITS,
  submitApplication,
  verifyFirstError,
} from "../../src/server/careers/careers";
import { applicationTokenEmail } from "../../src/server/common/codes";
import { json, parseBody, requireMethod, validate } from "../../src/server/http/http";
import { limitClient } from "../../src/server/http/limits";
import { isBot } from "../../src/server/common/honeypot";
import { checkUpload } from "../../src/server/common/files";
import { applicationSchema, MESSAGES, VERIFICATION_MINUTES } from "../../src/shared/careers/careers";

/**
 * POST /api/submit-application, multipart with the fields of SPEC section 3 and a resume (PDF,
 * DOC or DOCX, at most 4 MB, judged by its bytes). It must carry the single-use token that
 * verifying the e-mail gave this browser (an HttpOnly cookie, valid 30 minutes), for the same
 * address. The cheap refusals (method, origin, rate limit, token) come before the body is read.
 * -> 201 { success, message }.
 */
export default endpoint(async (req, app) => {
  requireMethod(req, "POST");
  await limitClient(app, LIMITS.application);
  const token = readCookie(req, APPLY_COOKIE);
  const verified = await applicationTokenEmail(app.deps, token, VERIFICATION_MINUTES);
  if (!token || !verified) throw verifyFirstError();
  const fields = await parseBody(req, { files: true });
  const success = () =>
    json(
      { success: true, message: MESSAGES.submitted },
      { status: 201, headers: { "Set-Cookie": clearApplyCookie() } },
    );
  if (isBot(fields)) return success();
  const input = validate(applicationSchema, fields);
  if (input.email !== verified) throw verifyFirstError();
  const resume = await checkUpload(fields.resume, {
    field: "resume",
    label: "Resume",
    kinds: ["pdf", "doc", "docx"],
    required: true,
  });
  await submitApplication(app, input, resume!, token);
  return success();
});

export const config: Config = { path: "/api/submit-application" };
