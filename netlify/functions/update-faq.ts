import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { updateFaqAnswer } from "../../src/server/careers/faq-admin";
import { updateFaqApi } from "../../src/shared/careers/admin-api";

/** An empty answer makes the question unanswered again. */
export default endpoint(updateFaqApi, async ({ deps, actor, body: { id, answer } }) => {
  const faq = await updateFaqAnswer(deps, actor, id, answer);
  return { faq, message: "FAQ updated successfully" };
});

export const config: Config = { path: "/api/update-faq" };
