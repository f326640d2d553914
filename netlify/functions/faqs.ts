import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { setCdnCache } from "../../src/server/platform/cdn";
import { CAREERS_TAGS, listAnsweredFaqs } from "../../src/server/careers/jobs";
import { requireMethod, respond } from "../../src/server/http/http";
import { faqsApi } from "../../src/shared/api/careers";

/** GET /api/faqs -> { faqs }: answered questions only (CDN-cached, purged by the "careers" tag). */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "GET");
    const faqs = await listAnsweredFaqs(app.deps);
    const headers = new Headers();
    setCdnCache(headers, CAREERS_TAGS);
    return respond(faqsApi, { faqs }, { headers: Object.fromEntries(headers) });
  },
  { api: faqsApi },
);

export const config: Config = { path: "/api/faqs" };
