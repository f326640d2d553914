import type { Config } from "@netlify/functions";
import { grantAck } from "../../src/server/contact/ack";
import { inquirySchema, mailUnsavedInquiry, submitInquiry } from "../../src/server/contact/submit-inquiry";
import { isUnavailable } from "../../src/server/platform/db/db";
import { ackCookie } from "../../src/server/http/cookies";
import { legacyEndpoint as endpoint, type App } from "../../src/server/http/endpoint";
import { CLIENT_LIMITS } from "../../src/server/common/policies";
import { isNativeForm } from "../../src/server/http/form-page";
import {
  HttpError,
  parseBody,
  requireMethod,
  respond,
  seeOther,
  validate,
  type Fields,
} from "../../src/server/http/http";
import { isBot } from "../../src/server/common/honeypot";
import { checkUpload } from "../../src/server/common/files";
import { cleanSourcePage, LABELS, pickUtm, UPLOAD_KINDS } from "../../src/shared/contact/rules";
import { contactFailed, nativeContactFields } from "../../src/server/http/native-forms";
import { submitApi } from "../../src/shared/api/contact";

/**
 * POST /api/submit (multipart): the contact form -> { success: true } with the cookie that opens
 * /ack (a bot gets the same answer, with a cookie that opens nothing). The form posted by the
 * browser itself (its script not loaded) goes on to /ack with a 303, or gets a page that lists
 * what to correct.
 */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "POST");
    const native = isNativeForm(req);
    let fields: Fields | undefined;
    try {
      fields = await parseBody(req, { files: true });
      if (native) fields = nativeContactFields(fields);
      // A bot (the honeypot) is answered like a person, and nothing is kept.
      const inquiryId = isBot(fields) ? 0 : await keepInquiry(app, fields);
      const pass = await grantAck(app.deps, inquiryId);
      const cookie = { "Set-Cookie": ackCookie(pass) };
      return native ? seeOther("/ack", cookie) : respond(submitApi, { success: true }, { headers: cookie });
    } catch (err) {
      if (!native) throw err;
      return contactFailed(app, err, inquirySchema(app.deps), fields);
    }
  },
  {
    api: submitApi,
    method: "POST",
    rateLimit: CLIENT_LIMITS.contact,
    nativeFormError: (_req, app, err) => contactFailed(app, err, inquirySchema(app.deps), undefined),
  },
);

/**
 * Checks the form (in this file alone, as every form) and stores the inquiry. While the database
 * cannot be reached, sales get it by mail and the buyer a 503 that says so; their answers stay in
 * the form (the island keeps them; the browser's own post gets the form back, filled in).
 */
async function keepInquiry(app: App, fields: Fields): Promise<number> {
  const inquiry = {
    input: validate(inquirySchema(app.deps), fields),
    file: await checkUpload(fields.uploadedFile, {
      field: "uploadedFile",
      label: LABELS.uploadedFile,
      kinds: UPLOAD_KINDS,
    }),
    sourcePage: cleanSourcePage(fields.sourcePage),
    utm: pickUtm(Object.entries(fields)),
  };
  try {
    return await submitInquiry(app.deps, inquiry);
  } catch (err) {
    if (!isUnavailable(err)) throw err;
    throw new HttpError(503, await mailUnsavedInquiry(app.deps, inquiry), { "Retry-After": "30" });
  }
}

export const config: Config = { path: "/api/submit" };
