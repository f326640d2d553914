import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { addFaq } from "../../src/server/careers/jobs";
import { LIMITS } from "../../src/server/careers/limits";
import { json, parseBody, requireMethod, validate } from "../../src/server/http/http";
import { limitClient } from "../../src/server/http/limits";
import { faqQuestionSchema, MESSAGES } from "../../src/shared/careers/careers";

/** Field that people never see; a bot that fills it is answered as if it had succeeded. */
export const HONEYPOT = "website";

/**
 * POST /api/add-faq (question) -> 201 { success, message }. Any answer sent is ignored: a new
 * question is stored unanswered and stays hidden until staff answer it.
 */
export default endpoint(async (req, app) => {
  requireMethod(req, "POST");
  await limitClient(app, LIMITS.faq); // before the body is read
  const fields = await parseBody(req);
  const { question } = validate(faqQuestionSchema, fields);
  const trap = fields[HONEYPOT];
  if (typeof trap === "string" && trap.trim() !== "")
    return json({ success: true, message: MESSAGES.faqSubmitted }, { status: 201 });
  await addFaq(app.deps, question);
  return json({ success: true, message: MESSAGES.faqSubmitted }, { status: 201 });
});

export const config: Config = { path: "/api/add-faq" };
