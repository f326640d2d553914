import type { Config } from "@netlify/functions";
import { commentSchema } from "../../src/shared/blog/comments";
import { endpoint } from "../../src/server/http/endpoint";
import { postComment } from "../../src/server/blog/add-comment";
import { formOrigin, isNativeForm, withQuery } from "../../src/server/http/form-page";
import { json, parseBody, requireMethod, seeOther, validate, type Fields } from "../../src/server/http/http";
import { commentFailed } from "../../src/server/http/native-forms";

/**
 * POST /api/add-comment (form data or JSON: post_id, name, email, comment) -> 201 { comment }.
 * The e-mail is stored for staff and never returned. The form posted by the browser itself goes
 * back to its page (303, ?comment=posted#comments), or gets a page that lists what to correct.
 */
export default endpoint(async (req, app) => {
  requireMethod(req, "POST");
  const native = isNativeForm(req);
  let fields: Fields | undefined;
  try {
    fields = await parseBody(req);
    const input = validate(commentSchema, fields);
    const comment = await postComment(app.deps, app.clientKey, input);
    if (native)
      return seeOther(withQuery(formOrigin(req, app.env.siteUrl, "/blog"), "comment", "posted", "#comments"));
    return json({ comment }, { status: 201 });
  } catch (err) {
    if (!native) throw err;
    return commentFailed(req, app, err, fields);
  }
});

export const config: Config = { path: "/api/add-comment" };
