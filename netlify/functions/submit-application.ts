import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/app";
import { submitApplication } from "../../src/server/careers";
import { json, parseBody, requireMethod, validate } from "../../src/server/http";
import { checkUpload } from "../../src/server/uploads";
import { applicationSchema, MESSAGES } from "../../src/lib/careers";

/**
 * POST /api/submit-application, multipart with the fields of SPEC section 3 and a resume (PDF,
 * DOC or DOCX, at most 4 MB, judged by its bytes). The e-mail must have been verified within the
 * last 30 minutes. -> 201 { success, message }.
 */
export default endpoint(async (req, app) => {
  requireMethod(req, "POST");
  const fields = await parseBody(req, { files: true });
  const input = validate(applicationSchema, fields);
  const resume = await checkUpload(fields.resume, {
    field: "resume",
    label: "Resume",
    kinds: ["pdf", "doc", "docx"],
    required: true,
  });
  await submitApplication(app, input, resume!);
  return json({ success: true, message: MESSAGES.submitted }, { status: 201 });
});

export const config: Config = { path: "/api/submit-application" };
