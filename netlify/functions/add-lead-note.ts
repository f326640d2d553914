import type { Config } from "@netlify/functions";
import { leadNoteSchema } from "../../src/shared/contact/pipeline";
import { endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { json, parseBody, requireMethod, validate } from "../../src/server/http/http";
import { staffActor } from "../../src/server/common/audit";
import { addNote } from "../../src/server/contact/pipeline";

/** POST /api/add-lead-note { id, body } -> 201 { event, message } (admin, root_admin). */
export default endpoint(async (req, app) => {
  requireMethod(req, "POST");
  const staff = await requireStaff(app, req, "write");
  const { id, body } = validate(leadNoteSchema, await parseBody(req));
  const event = await addNote(app.deps, staffActor(app, staff), id, body);
  return json({ event, message: "Note added" }, { status: 201 });
});

export const config: Config = { path: "/api/add-lead-note" };
