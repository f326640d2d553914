import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { CLIENT_LIMITS } from "../../src/server/common/policies";
import { addFaq } from "../../src/server/careers/jobs";
import { formOrigin, isNativeForm, withQuery } from "../../src/server/http/form-page";
import {
  parseBody,
  requireMethod,
  seeOther,
  validate,
  type Fields,
  respond,
} from "../../src/server/http/http";
import { faqFailed } from "../../src/server/http/native-forms";
import { isBot } from "../../src/server/common/honeypot";
import { MESSAGES } from "../../src/shared/careers/careers";
import { addFaqApi } from "../../src/shared/api/careers";

/**
 * POST /api/add-faq (question) -> 201 { success, message }. Any answer sent is ignored: a new
 * question is stored unanswered and stays hidden until staff answer it. The form posted by the
 * browser itself goes back to its page (303, ?faq=sent#faq), or gets a page that lists what to
 * correct.
 */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "POST");
    const native = isNativeForm(req);
    let fields: Fields | undefined;
    try {
      fields = await parseBody(req);
      const { question } = validate(addFaqApi.body, fields);
      if (!isBot(fields)) await addFaq(app.deps, question);
      if (native)
        return seeOther(withQuery(formOrigin(req, app.deps.env.siteUrl, "/carrier"), "faq", "sent", "#faq"));
      return respond(addFaqApi, { success: true, message: MESSAGES.faqSubmitted });
    } catch (err) {
      if (!native) throw err;
      return faqFailed(req, app, err, fields);
    }
  },
  {
    api: addFaqApi,
    method: "POST",
    rateLimit: CLIENT_LIMITS.faq,
    nativeFormError: (req, app, err) => faqFailed(req, app, err, undefined),
  },
);

export const config: Config = { path: "/api/add-faq" };
