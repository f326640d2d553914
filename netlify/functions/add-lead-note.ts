import type { Config } from "@netlify/functions";
import { legacyEndpoint as endpoint } from "../../src/server/http/endpoint";
import { requireStaff } from "../../src/server/http/staff-auth";
import { parseBody, requireMethod, validate, respond } from "../../src/server/http/http";
import { staffActor } from "../../src/server/common/audit";
import { addNote } from "../../src/server/contact/pipeline";
import { addLeadNoteApi } from "../../src/shared/api/leads";

/** POST /api/add-lead-note { id, body } -> 201 { event, message } (admin, root_admin). */
export default endpoint(
  async (req, app) => {
    requireMethod(req, "POST");
    const staff = await requireStaff(app, req, "write");
    const { id, body, contacted } = validate(addLeadNoteApi.body, await parseBody(req));
    const event = await addNote(app.deps, staffActor(app, staff), id, body, contacted);
    return respond(addLeadNoteApi, { event, message: "Note added" });
  },
  { api: addLeadNoteApi },
);

export const config: Config = { path: "/api/add-lead-note" };
