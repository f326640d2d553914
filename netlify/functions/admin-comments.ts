import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { listFaqsForStaff } from "../../src/server/careers/faq-admin";
import { adminCommentsApi } from "../../src/shared/careers/admin-api";

/** The careers questions (all, or the unanswered ones), newest first, with their answers. */
export default endpoint(adminCommentsApi, async ({ deps, query: { filter, page } }) =>
  listFaqsForStaff(deps, filter, page),
);

export const config: Config = { path: "/api/admin-comments" };
