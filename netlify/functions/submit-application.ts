import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { CLIENT_LIMITS } from "../../src/server/common/policies";
import { clearApplyCookie, readApplyToken } from "../../src/server/http/cookies";
import {
  submitApplication,
  verifiedApplicant,
  verifyFirstError,
} from "../../src/server/careers/submit-application";
import { parseBody, requireMethod, respond, validate } from "../../src/server/http/http";
import { isBot } from "../../src/server/common/honeypot";
import { checkUpload } from "../../src/server/common/files";
import { MESSAGES } from "../../src/shared/careers/careers";
import { submitApplicationApi } from "../../src/shared/api/careers";

/**
 * POST /api/submit-application, multipart with the fields of SPEC section 3 and a resume (PDF,
 * DOC or DOCX, at most 4 MB, judged by its bytes). It must carry the single-use token that
 * verifying the e-mail gave this browser (an HttpOnly cookie, valid 30 minutes), for the same
 * address. The cheap refusals (method, origin, rate limit, token) come before the body is read.
 * -> 201 { success, message }.
 */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "POST");
    const { token, email } = await verifiedApplicant(app.deps, readApplyToken(req));
    const fields = await parseBody(req, { files: true });
    const success = () =>
      respond(
        submitApplicationApi,
        { success: true, message: MESSAGES.submitted },
        { headers: { "Set-Cookie": clearApplyCookie() } },
      );
    if (isBot(fields)) return success();
    const input = validate(submitApplicationApi.body, fields);
    if (input.email !== email) throw verifyFirstError(); // before the resume is judged
    const kinds = ["pdf", "doc", "docx"] as const;
    const resume = await checkUpload(fields.resume, {
      field: "resume",
      label: "Resume",
      kinds,
      required: true,
    });
    await submitApplication(app.deps, { input, resume: resume!, token, verifiedEmail: email });
    return success();
  },
  { api: submitApplicationApi, method: "POST", rateLimit: CLIENT_LIMITS.application },
);

export const config: Config = { path: "/api/submit-application" };
