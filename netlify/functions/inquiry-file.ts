import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { inquiryFileLink } from "../../src/server/contact/inquiries-admin";
import { inquiryFileApi } from "../../src/shared/contact/leads-api";

/** The link is valid for two minutes. */
export default endpoint(inquiryFileApi, async ({ deps, params: { id } }) => ({
  url: await inquiryFileLink(deps, id),
}));

export const config: Config = { path: "/api/inquiry-file/:id" };
