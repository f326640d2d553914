import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { noticePage } from "../../src/server/http/form-page";
import { isNativeForm } from "../../src/server/http/request-checks";
import { knownError } from "../../src/server/http/errors";
import { seeOther } from "../../src/server/http/responses";
import { resumeLink } from "../../src/server/careers/resume-links";
import { resumeLinkApi } from "../../src/shared/careers/admin-api";

/**
 * Valid two minutes; ?open=1 (the View PDF link) answers a 303 to it: no page holds a signed link.
 * A resume that is gone (410: erased, withdrawn or expired) or missing is a JSON { error }, or a
 * short page saying why when a browser opens the link (?open=1, or a navigation asking for HTML).
 */
export default endpoint(resumeLinkApi, async ({ deps, req, params: { id }, query: { open } }) => {
  try {
    const url = await resumeLink(deps, id);
    return open === "1" ? seeOther(url) : { url };
  } catch (err) {
    const known = knownError(err);
    if (!known || !(open === "1" || isNativeForm(req))) throw err;
    return noticePage({
      status: known.status,
      title: "This resume cannot be opened",
      message: known.message,
      back: { href: "/dashboard/candidates", label: "Back to Candidates" },
    });
  }
});

export const config: Config = { path: "/api/resume-link/:id" };
