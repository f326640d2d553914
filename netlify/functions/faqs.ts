import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { setCdnCache } from "../../src/server/platform/cdn";
import { CACHE_TAGS, listAnsweredFaqs } from "../../src/server/careers/careers";
import { json, requireMethod } from "../../src/server/http/http";

/** GET /api/faqs -> { faqs }: answered questions only (CDN-cached, purged by the "careers" tag). */
export default endpoint(async (req, app) => {
  requireMethod(req, "GET");
  const faqs = await listAnsweredFaqs(await app.db());
  const headers = new Headers();
  setCdnCache(headers, CACHE_TAGS);
  return json({ faqs }, { headers: Object.fromEntries(headers) });
});

export const config: Config = { path: "/api/faqs" };
