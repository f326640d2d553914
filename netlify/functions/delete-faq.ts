import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { deleteFaq } from "../../src/server/careers/faq-admin";
import { deleteFaqApi } from "../../src/shared/careers/admin-api";

/** A question, answered or not. */
export default endpoint(deleteFaqApi, async ({ deps, actor, params: { id } }) => {
  await deleteFaq(deps, actor, id);
  return { id, message: "FAQ deleted successfully" };
});

export const config: Config = { path: "/api/delete-faq/:id" };
