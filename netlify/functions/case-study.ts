import type { Config } from "@netlify/functions";
import { endpoints, on } from "../../src/server/http/endpoint";
import { deleteCaseStudy, updateCaseStudy } from "../../src/server/site/case-studies";
import { deleteCaseStudyApi, updateCaseStudyApi } from "../../src/shared/site/api";

/** A published change purges the pages that show it. */
export default endpoints(
  on(updateCaseStudyApi, async ({ deps, actor, params: { id }, body }) => {
    const caseStudy = await updateCaseStudy(deps, actor, id, body);
    return { caseStudy, message: `Case study "${caseStudy.title}" saved (${caseStudy.status})` };
  }),
  on(deleteCaseStudyApi, async ({ deps, actor, params: { id } }) => {
    await deleteCaseStudy(deps, actor, id);
    return { id, message: "Case study deleted" };
  }),
);

export const config: Config = { path: "/api/case-studies/:id" };
