import type { Config } from "@netlify/functions";
import { endpoints, on } from "../../src/server/http/endpoint";
import { addCaseStudy, listCaseStudies } from "../../src/server/site/case-studies";
import { addCaseStudyApi, caseStudiesApi } from "../../src/shared/site/api";

/** Every role reads the list (drafts included); editors, admins and root admins add. */
export default endpoints(
  on(caseStudiesApi, async ({ deps }) => ({ caseStudies: await listCaseStudies(deps) })),
  on(addCaseStudyApi, async ({ deps, actor, body }) => {
    const caseStudy = await addCaseStudy(deps, actor, body);
    return { caseStudy, message: `Case study "${caseStudy.title}" added as ${caseStudy.status}` };
  }),
);

export const config: Config = { path: "/api/case-studies" };
