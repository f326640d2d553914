import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { setCdnCache } from "../../src/server/platform/cdn";
import { CAREERS_TAGS, listAnsweredFaqs } from "../../src/server/careers/jobs";
import { json, requireMethod } from "../../src/server/http/http";

/** GET /api/faqs -> { faqs }: answered questions only (CDN-cached, purged by the "careers" tag). */
export default endpoint(async (req, app) => {
  requireMethod(req, "GET");
  const faqs = await listAnsweredFaqs(app.deps);
  const headers = new Headers();
  setCdnCache(headers, CAREERS_TAGS);
  return json({ faqs }, { headers: Object.fromEntries(headers) });
});

export const config: Config = { path: "/api/faqs" };
