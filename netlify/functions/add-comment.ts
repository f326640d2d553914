import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { CLIENT_LIMITS } from "../../src/server/common/policies";
import { postComment } from "../../src/server/blog/add-comment";
import { shortNetwork } from "../../src/server/common/network-address";
import { formOrigin, isNativeForm, withQuery } from "../../src/server/http/form-page";
import {
  parseBody,
  requireMethod,
  seeOther,
  validate,
  type Fields,
  respond,
} from "../../src/server/http/http";
import { commentFailed } from "../../src/server/http/native-forms";
import { addCommentApi } from "../../src/shared/api/blog";

/**
 * POST /api/add-comment (form data or JSON: post_id, name, email, comment) -> 201 { comment }, or
 * 201 { held: true } when it waits for review. The e-mail is stored for staff and never returned.
 * The form posted by the browser itself goes back to its page (303, ?comment=posted#comments or
 * ?comment=held#comments), or gets a page that lists what to correct.
 */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "POST");
    const native = isNativeForm(req);
    let fields: Fields | undefined;
    try {
      fields = await parseBody(req);
      const input = validate(addCommentApi.body, fields);
      const client = { key: app.clientKey, network: shortNetwork(app.clientIp) };
      const result = await postComment(app.deps, client, input);
      if (native) {
        const back = formOrigin(req, app.deps.env.siteUrl, "/blog");
        return seeOther(withQuery(back, "comment", "held" in result ? "held" : "posted", "#comments"));
      }
      return respond(addCommentApi, result);
    } catch (err) {
      if (!native) throw err;
      return commentFailed(req, app, err, fields);
    }
  },
  {
    api: addCommentApi,
    method: "POST",
    rateLimit: CLIENT_LIMITS.comment,
    nativeFormError: (req, app, err) => commentFailed(req, app, err, undefined),
  },
);

export const config: Config = { path: "/api/add-comment" };
