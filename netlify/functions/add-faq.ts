import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { CLIENT_LIMITS } from "../../src/server/common/client-limits";
import { addFaq } from "../../src/server/careers/jobs";
import { json, parseBody, requireMethod, validate } from "../../src/server/http/http";
import { isBot } from "../../src/server/common/honeypot";
import { faqQuestionSchema, MESSAGES } from "../../src/shared/careers/careers";

/**
 * POST /api/add-faq (question) -> 201 { success, message }. Any answer sent is ignored: a new
 * question is stored unanswered and stays hidden until staff answer it.
 */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "POST");
    const fields = await parseBody(req);
    const { question } = validate(faqQuestionSchema, fields);
    if (isBot(fields)) return json({ success: true, message: MESSAGES.faqSubmitted }, { status: 201 });
    await addFaq(app.deps, question);
    return json({ success: true, message: MESSAGES.faqSubmitted }, { status: 201 });
  },
  { method: "POST", rateLimit: CLIENT_LIMITS.faq },
);

export const config: Config = { path: "/api/add-faq" };
