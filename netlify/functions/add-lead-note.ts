import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint";
import { addNote } from "../../src/server/contact/pipeline";
import { addLeadNoteApi } from "../../src/shared/contact/leads-api";

/** A note, optionally recording a contact with the buyer, in a lead's timeline. */
export default endpoint(addLeadNoteApi, async ({ deps, actor, body: { id, body, contacted } }) => ({
  event: await addNote(deps, actor, id, body, contacted),
  message: "Note added",
}));

export const config: Config = { path: "/api/add-lead-note" };
