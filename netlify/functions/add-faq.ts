import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { CLIENT_LIMITS } from "../../src/server/common/policies";
import { addFaq } from "../../src/server/careers/jobs";
import { formOrigin, withQuery } from "../../src/server/http/form-page";
import { isNativeForm } from "../../src/server/http/request-checks";
import { seeOther } from "../../src/server/http/responses";
import { faqFailed } from "../../src/server/http/native-forms";
import { isBot } from "../../src/server/common/honeypot";
import { MESSAGES } from "../../src/shared/careers/careers-common";
import { addFaqApi } from "../../src/shared/careers/api";

/** Stored unanswered (an answer sent is ignored); the browser's own post goes back (303 ?faq=sent#faq). */
export default endpoint(
  addFaqApi,
  async ({ deps, req, body, fields }) => {
    if (!isBot(fields)) await addFaq(deps, body.question);
    if (!isNativeForm(req)) return { success: true, message: MESSAGES.faqSubmitted };
    return seeOther(withQuery(formOrigin(req, deps.env.siteUrl, "/careers"), "faq", "sent", "#faq"));
  },
  { rateLimit: CLIENT_LIMITS.faq, nativeFormError: faqFailed },
);

// Netlify's edge turns a flood away before the function runs (a first, loose line); the exact
// per-address limit is the database's, in the endpoint wrapper (SECURITY.md).
export const config: Config = {
  path: "/api/add-faq",
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
