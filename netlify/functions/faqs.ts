import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { respond } from "../../src/server/http/responses";
import { cdnCache } from "../../src/server/platform/cdn";
import { CAREERS_TAGS, listAnsweredFaqs } from "../../src/server/careers/jobs";
import { faqsApi } from "../../src/shared/careers/api";

/** Answered questions only (CDN-cached, purged by the "careers" tag). */
export default endpoint(faqsApi, async ({ deps }) =>
  respond(faqsApi, { faqs: await listAnsweredFaqs(deps) }, { headers: cdnCache(CAREERS_TAGS) }),
);

export const config: Config = { path: "/api/faqs" };
